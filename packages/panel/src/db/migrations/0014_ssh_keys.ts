import type { Kysely } from 'kysely';
import type { DbDialect } from '../../config.js';
import { withId } from './0001_foundation.js';

/**
 * Accounts' SSH keys for SFTP (issue 33). A public key belongs to one account only: the unique
 * index is on the fingerprint, the SHA-256 of the key, as the key itself (an RSA key's passes
 * 1,000 characters) is longer than MySQL indexes. An account's keys go with it.
 */
export function sshKeys(dialect: DbDialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(dialect, db.schema.createTable('ssh_keys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        // ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa.
        .addColumn('algorithm', 'varchar(32)', (c) => c.notNull())
        // The key's base64 blob, as in authorized_keys (no comment).
        .addColumn('public_key', 'text', (c) => c.notNull())
        // SHA256:… as ssh-keygen -lf prints it.
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('ssh_keys_fingerprint').on('ssh_keys').column('fingerprint').unique().execute();
      await db.schema.createIndex('ssh_keys_user').on('ssh_keys').column('user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('ssh_keys').execute();
    },
  };
}
