import { sql, type Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';

/**
 * Servers' stats history (issue 32). One row holds a fixed span of one server's points in one
 * tier (half an hour of 10-s points, a day of 5-minute ones, a week of hourly ones), encoded in
 * `data`, so 1000 servers keep about 130,000 rows, not the 26 million a row per point would make.
 * A server's rows go with it.
 */
export function metrics(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('metrics')
        .addColumn('server_id', 'varchar(8)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('tier', 'integer', (c) => c.notNull())
        // Epoch milliseconds: where the span starts, and its newest point.
        .addColumn('start', 'bigint', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        // A 10-s span whose 5-minute and hourly points are made (the roll-up job sets it).
        .addColumn('rolled', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : dialect === 'mysql' ? sql`mediumblob` : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('metrics_pk', ['server_id', 'tier', 'start'])
        .execute();
      await db.schema.createIndex('metrics_tier_start').on('metrics').columns(['tier', 'start']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('metrics').execute();
    },
  };
}
