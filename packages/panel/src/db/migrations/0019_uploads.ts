import type { Kysely } from 'kysely';

/**
 * Resumable uploads (issue 36): one row per tus upload under way, so any panel instance sharing
 * the database, or the panel after a restart, can continue it. The bytes received so far are the
 * node's (staged out of sight in the server's folder); the row says whose upload it is, where it
 * goes and how long it is. It goes with its server (whose folder holds the bytes); a deleted
 * user's stays until the sweep of abandoned uploads removes it with its bytes, which a cascade
 * here would leave behind on the node, unseen and counted against the disk limit.
 */
export function uploads() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('uploads')
        // 32 lowercase hex digits, tus's own naming.
        .addColumn('id', 'char(32)', (c) => c.primaryKey())
        .addColumn('server_id', 'char(8)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('length', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_updated').on('uploads').column('updated_at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('uploads').execute();
    },
  };
}
