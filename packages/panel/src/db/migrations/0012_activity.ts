import type { Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';

/**
 * The activity log (issue 31). Ids are bigint on PostgreSQL and MySQL, as a busy panel writes
 * many rows; each view reads newest first within one server, actor, account or event, hence an
 * index of each with the time.
 */
export function activity(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('activity')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : dialect === 'mysql' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('event', 'varchar(64)', (c) => c.notNull())
        .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('actor_id', 'varchar(64)')
        .addColumn('actor_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'varchar(64)')
        .addColumn('server_id', 'varchar(16)')
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('activity_server_time').on('activity').columns(['server_id', 'time']).execute();
      await db.schema.createIndex('activity_actor_time').on('activity').columns(['actor_id', 'time']).execute();
      await db.schema.createIndex('activity_user_time').on('activity').columns(['user_id', 'time']).execute();
      await db.schema.createIndex('activity_event_time').on('activity').columns(['event', 'time']).execute();
      await db.schema.createIndex('activity_time').on('activity').column('time').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('activity').execute();
    },
  };
}
