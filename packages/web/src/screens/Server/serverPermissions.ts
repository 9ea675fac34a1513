import type { ServerDetailResponse, ServerPermissionFlag } from '@outpost/shared';

export type ServerPerms = NonNullable<ServerDetailResponse['permissions']>;

/** True when the user holds the flag on this server; admins hold every flag (spec section 6). */
export function allows(perms: ServerPerms | undefined, flag: ServerPermissionFlag): boolean {
  return !!perms && (perms.admin || perms[flag]);
}
