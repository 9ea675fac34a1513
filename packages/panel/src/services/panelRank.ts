import { OutpostError, hasScope, type Scope } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';

/**
 * The rules of who may change whose panel rights. What counts is the scopes each holds
 * panel-wide as stored, never the servers.view a shared server lends a session (sessionScopes).
 */
export function panelRank(repo: Repositories) {
  return {
    /** The caller's stored panel scopes. */
    held: (userId: number) => repo.permissions.panelScopes(userId),

    /**
     * Nobody acts on a user who holds a panel scope they lack: setting that user's password or
     * email would hand them those rights.
     */
    async requireOutranks(own: readonly string[], userId: number): Promise<void> {
      for (const scope of await repo.permissions.panelScopes(userId)) {
        if (!hasScope(own, scope as Scope)) throw new OutpostError('ErrNoPermission', 'this user holds rights you do not hold', { scope }, 403);
      }
    },

    /** Nobody grants or takes away a scope they do not hold themselves. */
    requireHeldChanges(own: readonly string[], before: readonly string[], after: readonly string[]): void {
      const changed = [...after.filter((s) => !before.includes(s)), ...before.filter((s) => !after.includes(s))];
      for (const scope of changed) {
        if (!hasScope(own, scope as Scope)) throw new OutpostError('ErrMissingScope', `you do not hold ${scope}`, { scope }, 403);
      }
    },

  };
}

/** The answer when a change would leave the panel without an administrator. */
export function lastAdminError(userId: number): OutpostError {
  return new OutpostError('ErrLastAdmin', 'the panel needs at least one administrator', { id: userId });
}
