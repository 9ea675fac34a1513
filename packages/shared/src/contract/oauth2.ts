import { Type, type Static } from 'typebox';
import { Text } from './common.js';

/** One OAuth2 client as listed (panel.md section 3; the secret is never listed). */
export const OAuthClient = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
});
export type OAuthClient = Static<typeof OAuthClient>;

export const OAuthClientList = Type.Array(OAuthClient);
export type OAuthClientList = Static<typeof OAuthClientList>;

/** POST /api/self/oauth2 and /api/servers/{id}/oauth2. */
export const CreateOAuthClientRequest = Type.Object({
  name: Type.Optional(Text({ maxLength: 100 })),
  description: Type.Optional(Text({ maxLength: 255 })),
});
export type CreateOAuthClientRequest = Static<typeof CreateOAuthClientRequest>;

/** The answer of a create: the only time the secret is ever shown. */
export const CreatedOAuthClient = Type.Object({
  client_id: Type.String(),
  client_secret: Type.String(),
});
export type CreatedOAuthClient = Static<typeof CreatedOAuthClient>;

export const SelfOAuthClientParams = Type.Object({ id: Text({ maxLength: 64 }) });
export const ServerOAuthClientParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{8}$' }),
  clientId: Text({ maxLength: 64 }),
});

/** POST /oauth2/token, form-encoded (RFC 6749 4.4); client_id and client_secret may come by HTTP Basic instead. */
export const TokenRequest = Type.Object({
  grant_type: Type.Optional(Type.String({ description: 'client_credentials' })),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String({ description: 'ignored: a token carries its client\'s permissions' })),
});
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds' }),
  scope: Type.String({ description: 'the scopes the token holds now, space-separated' }),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** RFC 6749 5.2: the token endpoint's errors, not the panel's ErrorBody. */
export const TokenError = Type.Object(
  {
    error: Type.Union([
      Type.Literal('invalid_request'),
      Type.Literal('invalid_client'),
      Type.Literal('unsupported_grant_type'),
      Type.Literal('slow_down'),
    ]),
    error_description: Type.String(),
  },
  { description: 'OAuth2 error' },
);
export type TokenError = Static<typeof TokenError>;
