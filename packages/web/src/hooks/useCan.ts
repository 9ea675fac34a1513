import type { Scope } from '@outpost/shared';
import { can, scopesOnServer, type ServerPerms } from '../session/can';
import { useScopes } from '../session/sessionStore';

/**
 * True when the user holds the scope. Without a server it asks the session's panel scopes
 * (no scope: any session will do); with a server, the permissions sent with that server, so
 * `useCan(Scopes.ServersStart, permissions)` is false until they have arrived.
 */
export function useCan(scope: Scope | undefined): boolean;
export function useCan(scope: Scope, server: ServerPerms | undefined): boolean;
export function useCan(scope: Scope | undefined, ...server: [] | [ServerPerms | undefined]): boolean {
  const session = useScopes();
  // The argument's presence, not its value, picks the source: a server whose permissions are
  // not known yet grants nothing, rather than falling back to the session.
  return can(server.length > 0 ? scopesOnServer(server[0]) : session, scope);
}
