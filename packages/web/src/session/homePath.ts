import { Scopes } from '@outpost/shared';
import { can } from './can';

/** Where a fresh session lands: Servers for those who may see servers, else their Account. */
export function homePath(scopes: readonly string[]): string {
  return can(scopes, Scopes.ServersView) ? '/server' : '/account';
}
