import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The settings table: panel-wide key/value pairs. */
export function settingsRepository(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async all(): Promise<Record<string, string>> {
      const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    /** Writes several keys in one transaction: all or none. */
    async setMany(values: Record<string, string>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(values)) {
          const updated = await trx.updateTable('settings').set({ value }).where('key', '=', key).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('settings').values({ key, value }).execute();
        }
      });
    },
  };
}
