import * as client from 'openid-client';
import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { OidcProviderRow } from '../../db/oidcProviders.js';
import { oidcConfiguration, providerError } from './oidcConfiguration.js';
import type { OidcIdentity } from './resolveOidcAccount.js';

/** One sign-in between start and callback: what the callback must find again. */
export interface OidcFlow {
  providerId: number;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization address for a new flow (PKCE S256, state and nonce), and the flow to keep. */
export async function startOidcFlow(repo: Repositories, provider: OidcProviderRow, redirectUri: string): Promise<{ url: string; flow: OidcFlow }> {
  const config = await oidcConfiguration(repo, provider);
  const flow: OidcFlow = { providerId: provider.id, redirectUri, state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow };
}

/**
 * Exchanges the callback's code (with the PKCE verifier) and validates the ID token (signature,
 * issuer, audience, nonce); reads the email from userinfo when the ID token has none.
 */
export async function finishOidcFlow(repo: Repositories, provider: OidcProviderRow, flow: OidcFlow, query: Record<string, string>): Promise<OidcIdentity> {
  const config = await oidcConfiguration(repo, provider);
  const currentUrl = new URL(flow.redirectUri);
  currentUrl.search = new URLSearchParams(query).toString();
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true });
    claims = { ...tokens.claims() };
    if (claims.email === undefined && tokens.access_token) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
    }
  } catch (error) {
    // The provider refused the code (used, expired, wrong client): a refusal, not an outage.
    if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
      throw new OutpostError('ErrOidcDenied', `${provider.label} refused the sign-in: ${error.error}`, { provider: provider.label, error: error.error });
    }
    throw providerError(error, provider);
  }
  return {
    subject: String(claims.sub),
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    preferredUsername: typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined,
    claims,
  };
}
