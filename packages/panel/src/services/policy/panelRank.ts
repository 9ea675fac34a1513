import { OutpostError, Scopes, hasScope, type Scope } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';

/**
 * The rules of who may change whose panel rights. What counts is the scopes each holds
 * panel-wide as stored, never the servers.view a shared server lends a session (sessionScopes).
 */
export function panelRank(repo: Repositories) {
  return {
    /** The caller's stored panel scopes. */
    held: (userId: number) => repo.permissions.panelScopes(userId),

    /**
     * Nobody acts on a user who holds a scope they lack, panel-wide or on any server: setting that
     * user's password or email would hand them those rights. Administrators outrank everyone.
     */
    async requireOutranks(callerId: number, own: readonly string[], userId: number): Promise<void> {
      if (own.includes(Scopes.ServersAdmin)) return;
      for (const scope of await repo.permissions.panelScopes(userId)) {
        if (!hasScope(own, scope as Scope)) throw missingHeld('this user holds rights you do not hold', scope);
      }
      const mine = new Map<string, string[]>();
      for (const { serverId, scope } of await repo.permissions.allServerScopes(userId)) {
        if (!mine.has(serverId)) mine.set(serverId, await repo.permissions.serverScopes(callerId, serverId));
        if (!mine.get(serverId)!.includes(scope)) throw missingHeld('this user holds rights you do not hold', scope, serverId);
      }
    },

    /** Nobody grants or takes away a scope they do not hold themselves. */
    requireHeldChanges(own: readonly string[], before: readonly string[], after: readonly string[]): void {
      const changed = [...after.filter((s) => !before.includes(s)), ...before.filter((s) => !after.includes(s))];
      for (const scope of changed) {
        if (!hasScope(own, scope as Scope)) throw missingHeld(`you do not hold ${scope}`, scope);
      }
    },

  };
}

/**
 * Every rank refusal is the scopes plugin's own 403 ErrMissingScope, naming the scope the caller
 * lacks (and the server it is held on), so clients handle one code for "you hold too little".
 */
function missingHeld(message: string, scope: string, server?: string): OutpostError {
  return new OutpostError('ErrMissingScope', message, server === undefined ? { scope } : { scope, server }, 403);
}

/** The answer when a change would leave the panel without an administrator. */
export function lastAdminError(userId: number): OutpostError {
  return new OutpostError('ErrLastAdmin', 'the panel needs at least one administrator', { id: userId });
}
