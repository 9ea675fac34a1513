import type { Kysely } from 'kysely';

/**
 * Two-factor recovery codes (issue 33): ten per account while two-factor login is on, each
 * kept as its sha256 (services/recoveryCodes.ts) and deleted when used. An account's go with it.
 */
export function recoveryCodes() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('recovery_codes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('recovery_codes').execute();
    },
  };
}
