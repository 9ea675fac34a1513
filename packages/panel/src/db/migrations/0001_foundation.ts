import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';

/** An auto-numbered integer primary key in the form each dialect wants. */
export function withId<T extends string>(dialect: DbDialect, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Users, sessions, permissions, settings, user settings and nodes. */
export function foundation(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('users'))
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('otp_secret', 'varchar(128)')
        .addColumn('otp_active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('otp_last_counter', 'bigint')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      // server_id has no foreign key yet: the servers table arrives later and may add one.
      await withId(dialect, db.schema.createTable('permissions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('server_id', 'varchar(8)')
        .addColumn('scope', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('permissions_user_server').on('permissions').columns(['user_id', 'server_id']).execute();
      await db.schema.createIndex('permissions_server').on('permissions').column('server_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'varchar(100)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_settings_pk', ['user_id', 'key'])
        .execute();

      await withId(dialect, db.schema.createTable('nodes'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('public_host', 'varchar(255)', (c) => c.notNull())
        .addColumn('public_port', 'integer', (c) => c.notNull())
        .addColumn('private_host', 'varchar(255)', (c) => c.notNull())
        .addColumn('private_port', 'integer', (c) => c.notNull())
        .addColumn('sftp_port', 'integer', (c) => c.notNull())
        .addColumn('secret', 'varchar(128)', (c) => c.notNull())
        .addColumn('is_local', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['nodes', 'user_settings', 'settings', 'permissions', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
