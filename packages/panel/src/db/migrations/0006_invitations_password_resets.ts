import type { Kysely } from 'kysely';

/**
 * Invitations to a server for an email without an account, and password-reset links. Both keep
 * only the sha256 of the token the mail carries, so a leaked table opens nothing.
 */
export function invitationsAndPasswordResets() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('invitations')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(255)', (c) => c.notNull())
        .addColumn('server_id', 'varchar(8)', (c) => c.notNull().references('servers.id').onDelete('cascade'))
        // The per-server scopes the account will hold, space-separated.
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invitations_server_email').on('invitations').columns(['server_id', 'email']).execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('invitations').execute();
    },
  };
}
