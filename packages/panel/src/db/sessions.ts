import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The sessions table: only the sha256 of each token is stored. */
export function sessionsRepository(db: Kysely<Database>) {
  return {
    /** A session of a user, or with `clientId` an access token of one of their OAuth2 clients. */
    async insert(tokenHash: string, userId: number, expiresAt: number, clientId: string | null = null): Promise<void> {
      await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, client_id: clientId }).execute();
    },

    async byHash(tokenHash: string): Promise<{ userId: number; expiresAt: number; clientId: string | null } | undefined> {
      const row = await db.selectFrom('sessions').select(['user_id', 'expires_at', 'client_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && { userId: row.user_id, expiresAt: Number(row.expires_at), clientId: row.client_id };
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Signs a user out everywhere except, optionally, the session in hand. */
    async deleteForUser(userId: number, exceptHash?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptHash) query = query.where('token_hash', '!=', exceptHash);
      await query.execute();
    },

    async deleteExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
