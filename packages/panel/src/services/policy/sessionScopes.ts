import { Scopes } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';

/**
 * The panel scopes a session carries: those held panel-wide, plus servers.view for anyone who
 * holds a server, so a user a server was shared with can open the server list and find it.
 * Derived, never stored: nobody hands out a panel scope by sharing, and taking the last server
 * away takes the list away too.
 */
export async function sessionScopes(repo: Repositories, userId: number): Promise<string[]> {
  const held = await repo.permissions.panelScopes(userId);
  if (held.includes(Scopes.ServersView) || !(await repo.permissions.holdsAnyServer(userId))) return held;
  return [...held, Scopes.ServersView];
}
