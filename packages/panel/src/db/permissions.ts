import type { Kysely, Transaction } from 'kysely';
import { Scopes } from '@outpost/shared';
import type { Database } from './schema.js';

/**
 * Inside a transaction: takes a write lock on every administrator's row (with a write that changes
 * nothing) and answers who the administrators are. Two transactions that would each remove one of
 * the last two administrators then run one after the other, and the second sees the first's change.
 */
export async function lockAdmins(trx: Transaction<Database>): Promise<number[]> {
  await trx.updateTable('permissions').set({ scope: Scopes.ServersAdmin }).where('scope', '=', Scopes.ServersAdmin).where('server_id', 'is', null).execute();
  const rows = await trx.selectFrom('permissions').select('user_id').distinct().where('scope', '=', Scopes.ServersAdmin).where('server_id', 'is', null).execute();
  return rows.map((r) => r.user_id);
}

async function replaceIn(trx: Transaction<Database>, userId: number, serverId: string | null, scopes: readonly string[]): Promise<void> {
  let remove = trx.deleteFrom('permissions').where('user_id', '=', userId);
  remove = serverId === null ? remove.where('server_id', 'is', null) : remove.where('server_id', '=', serverId);
  await remove.execute();
  const unique = [...new Set(scopes)];
  if (unique.length > 0) {
    await trx.insertInto('permissions').values(unique.map((scope) => ({ user_id: userId, server_id: serverId, scope }))).execute();
  }
}

/** The permissions table: one row per scope held, panel-wide (server null) or for one server. */
export function permissionsRepository(db: Kysely<Database>) {
  return {
    /** Scopes held panel-wide. */
    async panelScopes(userId: number): Promise<string[]> {
      const rows = await db.selectFrom('permissions').select('scope').where('user_id', '=', userId).where('server_id', 'is', null).execute();
      return rows.map((r) => r.scope);
    },

    async serverScopes(userId: number, serverId: string): Promise<string[]> {
      const rows = await db.selectFrom('permissions').select('scope').where('user_id', '=', userId).where('server_id', '=', serverId).execute();
      return rows.map((r) => r.scope);
    },

    /** Replaces what a user holds at one level (panel when serverId is null) in one transaction. */
    async replace(userId: number, serverId: string | null, scopes: readonly string[]): Promise<void> {
      await db.transaction().execute((trx) => replaceIn(trx, userId, serverId, scopes));
    },

    /** Replaces a user's panel scopes, unless that takes the admin scope from the last administrator: then answers false and changes nothing. */
    async replacePanelKeepingAdmin(userId: number, scopes: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const admins = await lockAdmins(trx);
        if (!scopes.includes(Scopes.ServersAdmin) && admins.length === 1 && admins[0] === userId) return false;
        await replaceIn(trx, userId, null, scopes);
        return true;
      });
    },

    /** Everything a user holds on servers, as rows of server and scope. */
    async allServerScopes(userId: number): Promise<{ serverId: string; scope: string }[]> {
      const rows = await db.selectFrom('permissions').select(['server_id', 'scope']).where('user_id', '=', userId).where('server_id', 'is not', null).execute();
      return rows.map((r) => ({ serverId: r.server_id!, scope: r.scope }));
    },

    /** True when the user holds anything on at least one server. */
    async holdsAnyServer(userId: number): Promise<boolean> {
      const row = await db.selectFrom('permissions').select('scope').where('user_id', '=', userId).where('server_id', 'is not', null).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Ids of the users who hold a scope panel-wide (the administrators, for servers.admin). */
    async usersHolding(scope: string): Promise<number[]> {
      const rows = await db.selectFrom('permissions').select('user_id').distinct().where('scope', '=', scope).where('server_id', 'is', null).execute();
      return rows.map((r) => r.user_id);
    },

    /** Ids of the users who hold anything on a server. */
    async usersOfServer(serverId: string): Promise<number[]> {
      const rows = await db.selectFrom('permissions').select('user_id').distinct().where('server_id', '=', serverId).execute();
      return rows.map((r) => r.user_id);
    },

    async deleteForServer(serverId: string): Promise<void> {
      await db.deleteFrom('permissions').where('server_id', '=', serverId).execute();
    },
  };
}
