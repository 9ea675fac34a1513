import { grants, serverActionScopes, type Scope, type ServerAction } from '@outpost/shared';
import { can } from '../session/can';
import { useServerScopes } from '../session/ServerPermissionsProvider';
import { useScopes } from '../session/sessionStore';

// Every scope has a dot and no action does, so the two never meet.
const isServerAction = (need: string): need is ServerAction => Object.hasOwn(serverActionScopes, need);

/**
 * True when the user may. A panel scope asks the session's panel scopes (no scope: any session
 * will do). An action on a server asks the one table of what each action needs
 * (serverActionScopes) against the permissions the server page provides
 * (ServerPermissionsProvider), so it is false outside a server page and until they have arrived,
 * even for a panel admin.
 */
export function useCan(need: Scope | ServerAction | undefined): boolean {
  const session = useScopes();
  const onServer = useServerScopes();
  return need !== undefined && isServerAction(need) ? grants(onServer, serverActionScopes[need]) : can(session, need);
}
