import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface SshKeyRow {
  id: number;
  userId: number;
  name: string;
  algorithm: string;
  /** The key's base64 blob. */
  publicKey: string;
  fingerprint: string;
  /** Epoch milliseconds. */
  createdAt: number;
  lastUsedAt: number | null;
}

type Row = { id: number; user_id: number; name: string; algorithm: string; public_key: string; fingerprint: string; created_at: number | string; last_used_at: number | string | null };

const fromRow = (row: Row): SshKeyRow => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  algorithm: row.algorithm,
  publicKey: row.public_key,
  fingerprint: row.fingerprint,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

const columns = ['id', 'user_id', 'name', 'algorithm', 'public_key', 'fingerprint', 'created_at', 'last_used_at'] as const;

/** The ssh_keys table: accounts' public keys for SFTP. */
export function sshKeysRepository(db: Kysely<Database>) {
  return {
    /** One account's keys, oldest first. */
    async forUser(userId: number): Promise<SshKeyRow[]> {
      return (await db.selectFrom('ssh_keys').select(columns).where('user_id', '=', userId).orderBy('id').execute()).map(fromRow);
    },

    /** The key with this fingerprint, on whichever account holds it. */
    async byFingerprint(fingerprint: string): Promise<SshKeyRow | undefined> {
      const row = await db.selectFrom('ssh_keys').select(columns).where('fingerprint', '=', fingerprint).executeTakeFirst();
      return row && fromRow(row);
    },

    /** Adds a key; a fingerprint already held by any account throws the database's unique violation. */
    async insert(key: Omit<SshKeyRow, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<SshKeyRow> {
      await db
        .insertInto('ssh_keys')
        .values({ user_id: key.userId, name: key.name, algorithm: key.algorithm, public_key: key.publicKey, fingerprint: key.fingerprint, created_at: Date.now(), last_used_at: null })
        .execute();
      // The fingerprint is unique: it finds the row on every dialect, where returning ids differ.
      return fromRow(await db.selectFrom('ssh_keys').select(columns).where('fingerprint', '=', key.fingerprint).executeTakeFirstOrThrow());
    },

    async markUsed(id: number): Promise<void> {
      await db.updateTable('ssh_keys').set({ last_used_at: Date.now() }).where('id', '=', id).execute();
    },

    /** Deletes one of the account's keys; false when it has no key of that id. */
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('ssh_keys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
