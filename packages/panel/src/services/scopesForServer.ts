import { Scopes, type Scope } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';

const everyServerScope: Scope[] = Object.values(Scopes).filter((s) => s.startsWith('server.'));

/**
 * The scopes a user holds on one server: the per-server rows, or every per-server scope (plus the
 * admin scope) for a panel administrator. Per-server routes check `hasScope(await scopesForServer(...), wanted)`.
 */
export async function scopesForServer(repo: Repositories, userId: number, serverId: string): Promise<string[]> {
  const panel = await repo.permissions.panelScopes(userId);
  if (panel.includes(Scopes.Admin)) return [Scopes.Admin, ...everyServerScope];
  return repo.permissions.serverScopes(userId, serverId);
}
