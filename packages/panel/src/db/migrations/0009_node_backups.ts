import type { Kysely } from 'kysely';

/**
 * Where each node keeps its backups (issue 29): JSON text of its backup storage, null for local
 * storage, so every node there was keeps backing up under its own data folder. No default is
 * declared: MySQL gives a text column none but null.
 */
export function nodeBackups() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('nodes').addColumn('backups', 'text').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('nodes').dropColumn('backups').execute();
    },
  };
}
