import { Scopes, SettingKeys } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';

/**
 * The panel scopes that make their holder an administrator for `requireTwoFactor: admins`: those
 * that reach beyond the holder's own servers, to other people's access (users.edit), the panel's
 * settings, the nodes (their secrets run anything there) or the commands every server runs
 * (templates, a server's admin settings). Viewing scopes and servers.create do not count.
 */
export const adminLikeScopes: readonly string[] = [
  Scopes.ServersAdmin,
  Scopes.UsersEdit,
  Scopes.SettingsEdit,
  Scopes.NodesEdit,
  Scopes.NodesDeploy,
  Scopes.TemplatesEdit,
  Scopes.ServersEditAdmin,
];

/**
 * True when the panel requires two-factor login of this user and it is off: the session may then
 * only set it up. Read through the read cache, so enabling it (a write) lifts the limit at once.
 */
export async function twoFactorRequired(repo: Repositories, userId: number, scopes: readonly string[]): Promise<boolean> {
  const key = SettingKeys.requireTwoFactor;
  const requirement = await repo.reads.get(`setting:${key}`, () => readSetting(repo, key));
  if (requirement !== 'everyone' && !(requirement === 'admins' && scopes.some((scope) => adminLikeScopes.includes(scope)))) return false;
  const otpActive = await repo.reads.get(`otpActive:${userId}`, async () => (await repo.users.byId(userId))?.otp_active === 1);
  return !otpActive;
}
