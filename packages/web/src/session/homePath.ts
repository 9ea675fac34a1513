import { hasScope, Scopes } from '@outpost/shared';

/** Where a fresh session lands: Servers for those who may see servers, else their Account. */
export function homePath(scopes: readonly string[]): string {
  return hasScope(scopes, Scopes.ServersList) ? '/server' : '/account';
}
