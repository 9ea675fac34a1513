import { isIP } from 'node:net';
import * as client from 'openid-client';
import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { OidcProviderRow } from '../../db/oidcProviders.js';
import { panelOutbound } from '../panelOutbound.js';

const PROVIDER_TIMEOUT_MS = 10_000;

/** True for an issuer on this machine, the one place plain http is accepted (a test or a local provider). */
function isLoopbackIssuer(issuer: URL): boolean {
  const host = issuer.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  return isIP(host) === 4 ? host.startsWith('127.') : host === '::1';
}

/** The issuer as a URL: https, or http on a loopback address; else 400 ErrFieldIsInvalidHost. */
export function issuerUrl(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new OutpostError('ErrFieldIsInvalidHost', 'the issuer must be a URL', { field: 'issuer' });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackIssuer(url))) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'the issuer must be https (http only on a loopback address)', { field: 'issuer' });
  }
  return url;
}

/**
 * openid-client's requests, through the panel's private-address guard (discovery, token, JWKS,
 * userinfo alike): an admin cannot point the panel at an internal service unless
 * panel.security.allowPrivateTargets allows its range. Redirects are not followed, as
 * openid-client asks.
 */
function guardedFetch(repo: Repositories): client.CustomFetch {
  return async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body as unknown);
    return panelOutbound(repo).fetch(url, {
      method: options.method === 'POST' ? 'POST' : 'GET',
      headers: options.headers,
      body,
      maxRedirects: 0,
      signal: options.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  };
}

/**
 * The provider's configuration from its discovery document, read at each use so a changed
 * provider counts at once. A refusal of the guard stays ErrPrivateTarget; any other failure is
 * ErrOidcProviderDown.
 */
export async function oidcConfiguration(repo: Repositories, provider: OidcProviderRow): Promise<client.Configuration> {
  const issuer = issuerUrl(provider.issuer);
  const auth = provider.clientSecret ? client.ClientSecretBasic(provider.clientSecret) : client.None();
  try {
    return await client.discovery(issuer, provider.clientId, undefined, auth, {
      [client.customFetch]: guardedFetch(repo),
      ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: PROVIDER_TIMEOUT_MS / 1000,
    });
  } catch (error) {
    throw providerError(error, provider);
  }
}

/** A guard refusal as it is; anything else from talking to the provider as ErrOidcProviderDown. */
export function providerError(error: unknown, provider: OidcProviderRow): OutpostError {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof OutpostError) return error;
  if (cause instanceof OutpostError) return cause;
  const detail = error instanceof Error ? error.message : String(error);
  return new OutpostError('ErrOidcProviderDown', `the provider ${provider.label} did not answer as expected: ${detail}`.slice(0, 500), { provider: provider.label });
}
