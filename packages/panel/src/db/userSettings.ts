import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The user_settings table: each user's own key/value pairs (theme, dark mode). */
export function userSettingsRepository(db: Kysely<Database>) {
  return {
    async list(userId: number): Promise<{ key: string; value: string }[]> {
      return db.selectFrom('user_settings').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute();
    },

    /** Every user's value of one key (who chose which mail notifications, say). */
    async withKey(key: string): Promise<{ userId: number; value: string }[]> {
      const rows = await db.selectFrom('user_settings').select(['user_id', 'value']).where('key', '=', key).execute();
      return rows.map((row) => ({ userId: row.user_id, value: row.value }));
    },

    async set(userId: number, key: string, value: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('user_settings').set({ value }).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('user_settings').values({ user_id: userId, key, value }).execute();
      });
    },
  };
}
