import { sql, type Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';
import { withId } from './0001_foundation.js';

/**
 * Webhooks and their delivery queue (issue 31). A delivery row is written before it is sent and
 * holds the exact body, so a panel restart resends the same bytes with the same signature.
 * The secret is kept as it is: every delivery is signed with it.
 */
export function webhooks(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('webhooks'))
        // Null for a panel-wide hook; a server's hooks go with it.
        .addColumn('server_id', 'varchar(8)', (c) => c.references('servers.id').onDelete('cascade'))
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        // Event names, space-separated.
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('format', 'varchar(16)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('secret', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_server').on('webhooks').column('server_id').execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event', 'varchar(100)', (c) => c.notNull())
        // MariaDB's text stops at 64 KiB; a crash's console lines and paths can pass that.
        .addColumn('body', dialect === 'mysql' ? sql`mediumtext` : 'text', (c) => c.notNull())
        // pending, delivered or failed.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('answer_code', 'integer')
        .addColumn('error', 'varchar(500)')
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('webhook_deliveries_hook').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhooks').execute();
    },
  };
}
