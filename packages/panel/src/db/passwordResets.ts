import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The password_resets table: single-use reset links, by the sha256 of their token. */
export function passwordResetsRepository(db: Kysely<Database>) {
  return {
    async insert(tokenHash: string, userId: number, expiresAt: number): Promise<void> {
      await db.insertInto('password_resets').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
    },

    /**
     * Deletes the link and answers its user when it was there and still valid; deleting first
     * means two requests with one link cannot both use it.
     */
    async take(tokenHash: string, now: number): Promise<number | undefined> {
      const row = await db.selectFrom('password_resets').select(['user_id', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1 || Number(row.expires_at) <= now) return undefined;
      return row.user_id;
    },

    /** Drops every open link of a user (after a reset, or a password change). */
    async deleteForUser(userId: number): Promise<void> {
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
    },
  };
}
