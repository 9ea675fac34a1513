import { hasScope, Scopes, serverPermissionFlags, serverPermissionScopes, type Scope, type ServerDetailResponse } from '@outpost/shared';

/** The permissions sent with a server (GET /api/servers/{id}?perms): the spec's flags plus `admin`. */
export type ServerPerms = NonNullable<ServerDetailResponse['permissions']>;

/** The scopes a server's permission flags stand for; `admin` holds every one (spec section 6). */
export function scopesOnServer(perms: ServerPerms | undefined): Scope[] {
  if (!perms) return [];
  const held: Scope[] = serverPermissionFlags.filter((flag) => perms[flag]).map((flag) => serverPermissionScopes[flag]);
  return perms.admin ? [Scopes.ServersAdmin, ...held] : held;
}

/**
 * The one answer to "may this control show?": true when `held` (null when logged out) grants
 * the scope, directly or through the admin scope. No scope asks only for a session.
 * Hiding is a courtesy: the panel and the daemon check again.
 */
export function can(held: readonly string[] | null, scope: Scope | undefined): boolean {
  if (held === null) return false;
  return scope === undefined || hasScope(held, scope);
}
