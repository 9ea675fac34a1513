import type { Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';
import { withId } from './0001_foundation.js';

/**
 * Accounts' passkeys (issue 33): WebAuthn credentials, each its public key and signature
 * counter. A credential id may run to 1,023 bytes, longer than MySQL indexes, so its uniqueness
 * is held by `credential_hash`, the sha256 of the id. An account's passkeys go with it.
 */
export function passkeys(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('passkeys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        // The credential id in base64url, as the browser names it.
        .addColumn('credential_id', 'text', (c) => c.notNull())
        .addColumn('credential_hash', 'varchar(64)', (c) => c.notNull())
        // The COSE public key in base64url.
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        // How the browser may reach the authenticator (usb, internal, hybrid…), comma-separated.
        .addColumn('transports', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_credential').on('passkeys').column('credential_hash').unique().execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('passkeys').execute();
    },
  };
}
