import { OIDC_DEFAULT_SCOPES, OutpostError, type OidcProvider, type OidcProviderRequest } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { OidcProviderFields, OidcProviderRow } from '../../db/oidcProviders.js';
import { panelLink } from '../mail/panelLink.js';
import { panelRank } from '../policy/panelRank.js';
import { mappedScopes } from './claimScopes.js';
import { issuerUrl } from './oidcConfiguration.js';

/** A provider as admins see it: the secret only as "set", with the redirect URI to register. */
export async function presentOidcProvider(repo: Repositories, row: OidcProviderRow): Promise<OidcProvider> {
  const { clientSecret, ...rest } = row;
  return { ...rest, clientSecretSet: clientSecret !== '', redirectUri: await panelLink(repo, `/auth/oidc/${row.id}/callback`) };
}

export async function oidcProviderOf(repo: Repositories, id: string): Promise<OidcProviderRow> {
  const row = await repo.oidcProviders.byId(Number(id));
  if (!row) throw new OutpostError('ErrNotFound', 'no such sign-in provider', undefined, 404);
  return row;
}

/**
 * Checks a request and answers the fields to store. The claim mapping may grant only scopes the
 * caller holds: a settings editor cannot make a provider hand out administrator rights.
 */
export async function oidcProviderFields(repo: Repositories, callerId: number, body: OidcProviderRequest, before?: OidcProviderRow): Promise<OidcProviderFields> {
  const issuer = issuerUrl(body.issuer.trim()).href.replace(/\/$/, '');
  const scopes = (body.scopes ?? OIDC_DEFAULT_SCOPES).split(/\s+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new OutpostError('ErrFieldRequired', 'the scopes must include openid', { field: 'scopes' });
  const allowedDomains = [...new Set((body.allowedDomains ?? []).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
  for (const domain of allowedDomains) {
    if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) throw new OutpostError('ErrFieldIsInvalidHost', `${domain} is not a domain`, { field: 'allowedDomains' });
  }
  const claimMapping = body.claimMapping ?? null;
  const rank = panelRank(repo);
  rank.requireHeldChanges(await rank.held(callerId), [...mappedScopes(before?.claimMapping ?? null)], [...mappedScopes(claimMapping)]);
  return {
    label: body.label.trim(),
    icon: body.icon ?? 'none',
    issuer,
    clientId: body.clientId.trim(),
    // Write-only: an empty field on a change keeps the stored secret.
    clientSecret: body.clientSecret ? body.clientSecret : (before?.clientSecret ?? ''),
    scopes: scopes.join(' '),
    createAccounts: body.createAccounts ?? false,
    allowedDomains,
    claimMapping,
    enabled: body.enabled ?? true,
  };
}
