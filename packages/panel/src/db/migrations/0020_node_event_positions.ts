import type { Kysely } from 'kysely';

/**
 * Where the panels have read each remote node's event journal up to (issue 34): the daemon's boot
 * and the last number taken, so a panel that takes over the once-only jobs (or starts again)
 * continues where the last one stopped instead of losing what came meanwhile. Null before the
 * first batch.
 */
export function nodeEventPositions() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('nodes').addColumn('events_boot', 'varchar(64)').execute();
      await db.schema.alterTable('nodes').addColumn('events_seq', 'bigint').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('nodes').dropColumn('events_seq').execute();
      await db.schema.alterTable('nodes').dropColumn('events_boot').execute();
    },
  };
}
