import { Type, type Static } from 'typebox';
import { MapOf, Text } from './common.js';
import { panelScopes } from '../scopes.js';

// Issue 33, item 1: sign-in through OpenID Connect providers that admins add in Settings.

/** The icons a provider's button may show; none shows the generic key. */
export const OIDC_ICONS = ['none', 'authentik', 'keycloak', 'google', 'github', 'gitlab', 'microsoft', 'discord'] as const;
export type OidcIcon = (typeof OIDC_ICONS)[number];

export const OIDC_DEFAULT_SCOPES = 'openid email profile';

/**
 * Panel scopes granted by the values of one claim of the ID token (or userinfo): e.g. claim
 * `groups`, values `{ "outpost-admins": ["servers.admin"] }`. A claim holding a list matches
 * each of its items.
 */
export const OidcClaimMapping = Type.Object({
  claim: Text({ minLength: 1, maxLength: 100 }),
  values: MapOf(Type.Array(Type.Enum([...panelScopes]), { maxItems: panelScopes.length, uniqueItems: true }), { maxProperties: 50 }),
});
export type OidcClaimMapping = Static<typeof OidcClaimMapping>;

/** A provider as admins see it: never its client secret, only whether one is set. */
export const OidcProvider = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  icon: Type.Enum([...OIDC_ICONS]),
  issuer: Type.String(),
  clientId: Type.String(),
  clientSecretSet: Type.Boolean({ description: 'the secret itself is never answered' }),
  scopes: Type.String(),
  createAccounts: Type.Boolean(),
  allowedDomains: Type.Array(Type.String()),
  claimMapping: Type.Union([OidcClaimMapping, Type.Null()]),
  enabled: Type.Boolean(),
  /** The address to register at the provider as the redirect (callback) URI. */
  redirectUri: Type.String(),
});
export type OidcProvider = Static<typeof OidcProvider>;

/** POST and PUT bodies. On PUT an empty or absent clientSecret keeps the stored one. */
export const OidcProviderRequest = Type.Object({
  label: Text({ minLength: 1, maxLength: 60 }),
  icon: Type.Optional(Type.Enum([...OIDC_ICONS], { default: 'none' })),
  issuer: Text({ minLength: 1, maxLength: 500, description: 'https (http only on a loopback address); discovery is read from {issuer}/.well-known/openid-configuration' }),
  clientId: Text({ minLength: 1, maxLength: 255 }),
  clientSecret: Type.Optional(Text({ maxLength: 500, description: 'write-only; empty or absent on PUT keeps the stored one' })),
  scopes: Type.Optional(Text({ minLength: 1, maxLength: 500, description: `space-separated, must include openid; default "${OIDC_DEFAULT_SCOPES}"` })),
  createAccounts: Type.Optional(Type.Boolean({ default: false })),
  allowedDomains: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: 253 }), { maxItems: 100, description: 'email domains that may get an account; empty: any' })),
  claimMapping: Type.Optional(Type.Union([OidcClaimMapping, Type.Null()])),
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type OidcProviderRequest = Static<typeof OidcProviderRequest>;

/** GET /auth/oidc/providers: what the login page needs for its buttons. */
export const OidcPublicProvider = Type.Object({ id: Type.Integer(), label: Type.String(), icon: Type.Enum([...OIDC_ICONS]) });
export type OidcPublicProvider = Static<typeof OidcPublicProvider>;

export const OidcProviderParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) });

/** One provider linked to the caller's account (GET /api/self/oidc). */
export const OidcLink = Type.Object({
  provider: Type.Integer(),
  label: Type.String(),
  icon: Type.Enum([...OIDC_ICONS]),
  email: Type.String({ description: 'the email the provider gave when the link was made' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OidcLink = Static<typeof OidcLink>;

/** The caller's sign-in methods: linked providers, and whether the account has a password. */
export const SignInMethods = Type.Object({ passwordSet: Type.Boolean(), links: Type.Array(OidcLink) });
export type SignInMethods = Static<typeof SignInMethods>;

/** POST /auth/oidc/link: the password of the account a provider's verified email matched, once. */
export const OidcLinkRequest = Type.Object({ password: Text({ minLength: 1, maxLength: 1024 }) });

/** GET /auth/oidc/link: what the waiting link is about, for the login page's prompt. */
export const PendingOidcLink = Type.Object({ provider: Type.String({ description: "the provider's label" }), email: Type.String() });
export type PendingOidcLink = Static<typeof PendingOidcLink>;
