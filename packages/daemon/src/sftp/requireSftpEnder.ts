import { hasScope, OutpostError, Scopes } from '@outpost/shared';
import type { NodeCaller } from '@outpost/shared';

/**
 * Who may end a user's SFTP sessions: the user themselves (logout, new password), an
 * administrator, or for one server whoever may edit its users (a permission taken away).
 */
export function requireSftpEnder(caller: NodeCaller, user: string, serverId: string | undefined): void {
  if (caller.user === user || hasScope(caller.scopes, Scopes.ServersAdmin)) return;
  if (serverId !== undefined && hasScope(caller.scopes, Scopes.ServerUsersEdit)) return;
  throw new OutpostError('ErrMissingScope', `missing scope ${Scopes.ServerUsersEdit}`, { scope: Scopes.ServerUsersEdit });
}
