import { randomBytes } from 'node:crypto';
import { OutpostError, isValidUsername } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { OidcProviderRow } from '../../db/oidcProviders.js';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { assertAvailable } from '../createUser.js';
import { normaliseEmail } from '../normaliseEmail.js';
import { NO_PASSWORD } from '../passwords.js';
import { claimScopes, mappedScopes } from './claimScopes.js';

/** What the provider said about the person, from the ID token (and userinfo). */
export interface OidcIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  preferredUsername?: string;
  claims: Record<string, unknown>;
}

/** Sign in as an account, or ask that account's password once before linking it. */
export type OidcOutcome = { kind: 'signIn'; userId: number; created: boolean } | { kind: 'link'; userId: number; email: string };

/**
 * Who a provider's identity is. A linked subject is its account (whose mapped scopes follow the
 * claim when the provider made it). Else an account with the same email may be linked, only when
 * the provider says the email is verified and the account's password confirms it (the caller
 * asks). Else the provider makes an account, when it may, for a verified email of an allowed
 * domain, with the scopes the claim maps to.
 */
export async function resolveOidcAccount(repo: Repositories, provider: OidcProviderRow, identity: OidcIdentity): Promise<OidcOutcome> {
  const linked = await repo.oidcLinks.bySubject(provider.id, identity.subject);
  if (linked) {
    if (linked.createdAccount && provider.claimMapping) await syncMappedScopes(repo, provider, linked.userId, identity.claims);
    return { kind: 'signIn', userId: linked.userId, created: false };
  }
  const email = identity.email ? normaliseEmail(identity.email) : undefined;
  if (!email) throw new OutpostError('ErrOidcNoAccount', `${provider.label} gave no email to find or make an account with`, { provider: provider.label });
  // An unverified address proves nothing: it neither claims an account nor passes the domain list.
  const unverified = () => new OutpostError('ErrOidcEmailNotVerified', `${provider.label} does not say ${email} is verified`, { provider: provider.label });
  const existing = await repo.users.byEmail(email);
  if (existing) {
    if (!identity.emailVerified) throw unverified();
    return { kind: 'link', userId: existing.id, email };
  }
  if (!provider.createAccounts) throw new OutpostError('ErrOidcNoAccount', `no account has ${email}, and ${provider.label} makes none`, { provider: provider.label });
  if (!identity.emailVerified) throw unverified();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (provider.allowedDomains.length > 0 && !provider.allowedDomains.some((allowed) => allowed.toLowerCase() === domain)) {
    throw new OutpostError('ErrOidcDomainNotAllowed', `${provider.label} makes no accounts for ${domain}`, { provider: provider.label, domain });
  }
  const userId = await createOidcAccount(repo, provider, identity, email);
  return { kind: 'signIn', userId, created: true };
}

/** Links a subject to an account; a subject already linked (a race, a second tab) is left as it is. */
export async function linkOidcAccount(repo: Repositories, link: { userId: number; providerId: number; subject: string; email: string; createdAccount: boolean }): Promise<void> {
  try {
    await repo.oidcLinks.insert(link);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await repo.oidcLinks.bySubject(link.providerId, link.subject);
    if (other?.userId !== link.userId) throw new OutpostError('ErrAlreadyExists', 'this sign-in is already linked to an account', undefined, 409);
  }
}

/** A new account without a usable password, its username from the provider, with the mapped scopes. */
async function createOidcAccount(repo: Repositories, provider: OidcProviderRow, identity: OidcIdentity, email: string): Promise<number> {
  await assertAvailable(repo, { email });
  const username = await freeUsername(repo, identity.preferredUsername ?? email.slice(0, email.indexOf('@')));
  let userId: number;
  try {
    userId = await repo.users.insert({ username, email, passwordHash: NO_PASSWORD });
  } catch (error) {
    if (isUniqueViolation(error)) throw new OutpostError('ErrAlreadyExists', 'an account was made for this email at the same moment; sign in again', undefined, 409);
    throw error;
  }
  const scopes = claimScopes(provider.claimMapping, identity.claims);
  if (scopes.length) await repo.permissions.replace(userId, null, scopes);
  await linkOidcAccount(repo, { userId, providerId: provider.id, subject: identity.subject, email, createdAccount: true });
  return userId;
}

/** The mapped scopes as the claim says now; scopes outside the mapping stay as they are. */
async function syncMappedScopes(repo: Repositories, provider: OidcProviderRow, userId: number, claims: Record<string, unknown>): Promise<void> {
  const mapped = mappedScopes(provider.claimMapping);
  const held = await repo.permissions.panelScopes(userId);
  const next = [...new Set([...held.filter((scope) => !mapped.has(scope)), ...claimScopes(provider.claimMapping, claims)])];
  if (next.length === held.length && next.every((scope) => held.includes(scope))) return;
  // The last administrator keeps the admin scope even when the claim no longer grants it.
  await repo.permissions.replacePanelKeepingAdmin(userId, next);
}

/** A username from the provider's, made valid (5+ of letters, digits, _ and -) and free. */
async function freeUsername(repo: Repositories, wanted: string): Promise<string> {
  let base = wanted.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);
  if (!isValidUsername(base)) base = `${base}user`.padEnd(5, '0');
  for (let attempt = 0; attempt < 5; attempt++) {
    const name = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    if (isValidUsername(name) && !(await repo.users.byUsername(name))) return name;
  }
  return `user-${randomBytes(6).toString('hex')}`;
}
