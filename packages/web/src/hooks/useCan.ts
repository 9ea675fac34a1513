import { hasScope, type Scope } from '@outpost/shared';
import { useScopes } from '../session/sessionStore';

/** True when the session holds the scope (or the admin scope). The server checks again. */
export function useCan(scope: Scope | undefined): boolean {
  const scopes = useScopes();
  if (!scope) return scopes !== null;
  return scopes !== null && hasScope(scopes, scope);
}
