import type { Kysely } from 'kysely';

/**
 * OAuth2 clients, and which client a session (an access token) belongs to. The session's
 * client_id has no foreign key: MySQL ignores one declared on an added column, so the clients
 * module deletes a client's sessions itself, in the same transaction as the client.
 */
export function oauthClients() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('server_id', 'varchar(8)')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_clients_user_server').on('oauth_clients').columns(['user_id', 'server_id']).execute();
      await db.schema.alterTable('sessions').addColumn('client_id', 'varchar(64)').execute();
      await db.schema.createIndex('sessions_client_id').on('sessions').column('client_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('sessions_client_id').on('sessions').execute();
      await db.schema.alterTable('sessions').dropColumn('client_id').execute();
      await db.schema.dropTable('oauth_clients').execute();
    },
  };
}
