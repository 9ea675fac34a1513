import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The recovery_codes table: hashes of an account's unused two-factor recovery codes. */
export function recoveryCodesRepository(db: Kysely<Database>) {
  return {
    /** Replaces every code of the account with these, in one transaction. */
    async replace(userId: number, codeHashes: string[], now = Date.now()): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        if (codeHashes.length > 0) {
          await trx
            .insertInto('recovery_codes')
            .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
            .execute();
        }
      });
    },

    /** Deletes the code if the account holds it: true once, for the one request that used it. */
    async use(userId: number, codeHash: string): Promise<boolean> {
      const deleted = await db.deleteFrom('recovery_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    async count(userId: number): Promise<number> {
      const row = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async removeAll(userId: number): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },
  };
}
