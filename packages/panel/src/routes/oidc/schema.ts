import { Type } from 'typebox';
import { NoContent, OidcLinkRequest, OidcProvider, OidcProviderParams, OidcProviderRequest, OidcPublicProvider, PendingOidcLink, SessionResponse, SignInMethods, responses } from '@outpost/shared';

const tags = ['oidc'];
const Redirect = Type.Null({ description: 'a redirect (302)' });
const CallbackQuery = Type.Object(
  { state: Type.Optional(Type.String({ maxLength: 512 })), code: Type.Optional(Type.String({ maxLength: 4096 })), error: Type.Optional(Type.String({ maxLength: 255 })) },
  { additionalProperties: true },
);

export const oidcSchemas = {
  publicList: { summary: 'The enabled OpenID providers, for the login page buttons', tags, response: responses({ 200: Type.Array(OidcPublicProvider) }) },
  start: {
    summary: 'Start signing in with a provider: redirects to it (authorization code flow with PKCE S256, state and nonce kept server-side for 10 minutes, bound to a cookie)',
    tags,
    params: OidcProviderParams,
    response: responses({ 302: Redirect }),
  },
  callback: {
    summary:
      "The provider's redirect back: checks state, exchanges the code, validates the ID token's nonce, then signs in, asks for the password to link (/auth/login?oidc=link), for the one-time code (/auth/login?oidc=otp), or redirects to /auth/login?oidcError=<code>",
    tags,
    params: OidcProviderParams,
    querystring: CallbackQuery,
    response: responses({ 302: Redirect }),
  },
  pendingLink: { summary: 'The link waiting for the account password (from its cookie)', tags, response: responses({ 200: PendingOidcLink }) },
  link: {
    summary: "Confirm a waiting link with the account's password once: links the provider and signs in (otpNeeded when a one-time code must follow)",
    tags,
    body: OidcLinkRequest,
    response: responses({ 200: SessionResponse }),
  },
  list: { summary: 'OpenID providers, without their client secrets', tags, response: responses({ 200: Type.Array(OidcProvider) }) },
  create: {
    summary: 'Add an OpenID provider. Mapped scopes must all be held by the caller.',
    description: 'Its issuer must answer discovery through the private-address guard at sign-in (panel.security.allowPrivateTargets for an internal one).',
    tags,
    body: OidcProviderRequest,
    response: responses({ 201: OidcProvider }),
  },
  get: { summary: 'One OpenID provider', tags, params: OidcProviderParams, response: responses({ 200: OidcProvider }) },
  update: { summary: 'Change an OpenID provider; an empty clientSecret keeps the stored one', tags, params: OidcProviderParams, body: OidcProviderRequest, response: responses({ 200: OidcProvider }) },
  remove: { summary: 'Remove an OpenID provider and every link to it', tags, params: OidcProviderParams, response: responses({ 204: NoContent }) },
  methods: { summary: "The caller's sign-in methods: password set or not, linked providers", tags, response: responses({ 200: SignInMethods }) },
  unlink: {
    summary: "Unlink a provider from the caller's account; refused (409 ErrOidcLastSignInMethod) when it is the account's only way in",
    tags,
    params: OidcProviderParams,
    response: responses({ 204: NoContent }),
  },
};
