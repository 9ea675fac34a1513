import { sql, type Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';

/** Servers (the panel's list of them; definitions live on their node) and templates. */
export function serversAndTemplates(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('servers')
        .addColumn('id', 'char(8)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id'))
        .addColumn('ip', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('port', 'integer')
        .addColumn('type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('servers_node').on('servers').column('node_id').execute();

      await db.schema
        .createTable('templates')
        .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('display', 'varchar(255)', (c) => c.notNull())
        .addColumn('type', 'varchar(100)', (c) => c.notNull())
        // MariaDB's text stops at 64 KiB; a template with a long readme can pass that.
        .addColumn('definition', dialect === 'mysql' ? sql`mediumtext` : 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('templates').execute();
      await db.schema.dropTable('servers').execute();
    },
  };
}
