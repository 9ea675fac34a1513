import { serverPermissionFlags, type ServerPermissionFlag, type ServerPermissions, type ServerUserEntry } from '@outpost/shared';

/**
 * Every flag of an entry as a boolean, without email or username. This is also the PUT body: it
 * names every flag because the server replaces the user's flags rather than merging them.
 */
export function flagsOf(entry: Partial<ServerPermissions>): ServerPermissions {
  return Object.fromEntries(serverPermissionFlags.map((flag) => [flag, entry[flag] === true])) as ServerPermissions;
}

/** True when the switches differ from what the server last sent. */
export function flagsChanged(saved: Partial<ServerPermissions>, edited: Partial<ServerPermissions>): boolean {
  return serverPermissionFlags.some((flag) => (saved[flag] === true) !== (edited[flag] === true));
}

/**
 * Flags the entry holds that the current user may not hand out. The server refuses any PUT that
 * keeps them on, so such an entry cannot be changed by this user (only removed).
 */
export function flagsBeyond(entry: Partial<ServerPermissions>, mayGrant: (flag: ServerPermissionFlag) => boolean): ServerPermissionFlag[] {
  return serverPermissionFlags.filter((flag) => entry[flag] === true && !mayGrant(flag));
}

export type NewEntryProblem = 'emailRequired' | 'alreadyListed';

/**
 * Why a new entry cannot be saved, or null when it can (spec section 5: an email is required).
 * An email already listed is refused too, since saving would silently replace that user's flags.
 */
export function newEntryProblem(email: string, existing: readonly ServerUserEntry[]): NewEntryProblem | null {
  const wanted = email.trim();
  if (!wanted) return 'emailRequired';
  if (existing.some((entry) => entry.email === wanted)) return 'alreadyListed';
  return null;
}
