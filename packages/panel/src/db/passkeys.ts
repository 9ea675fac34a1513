import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface PasskeyRow {
  id: number;
  userId: number;
  name: string;
  /** base64url, as the browser names the credential. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  /** Epoch milliseconds. */
  createdAt: number;
  lastUsedAt: number | null;
}

type Row = Omit<Database['passkeys'], 'id' | 'credential_hash'> & { id: number };

const fromRow = (row: Row): PasskeyRow => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

const columns = ['id', 'user_id', 'name', 'credential_id', 'public_key', 'counter', 'transports', 'created_at', 'last_used_at'] as const;

const credentialHash = (credentialId: string) => createHash('sha256').update(credentialId).digest('hex');

/** The passkeys table: accounts' WebAuthn credentials. */
export function passkeysRepository(db: Kysely<Database>) {
  return {
    /** One account's passkeys, oldest first. */
    async forUser(userId: number): Promise<PasskeyRow[]> {
      return (await db.selectFrom('passkeys').select(columns).where('user_id', '=', userId).orderBy('id').execute()).map(fromRow);
    },

    /** The passkey with this credential id, on whichever account holds it. */
    async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const row = await db.selectFrom('passkeys').select(columns).where('credential_hash', '=', credentialHash(credentialId)).executeTakeFirst();
      return row && row.credential_id === credentialId ? fromRow(row) : undefined;
    },

    /** Adds a passkey; a credential id already stored throws the database's unique violation. */
    async insert(key: Omit<PasskeyRow, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<PasskeyRow> {
      const hash = credentialHash(key.credentialId);
      await db
        .insertInto('passkeys')
        .values({
          user_id: key.userId,
          name: key.name,
          credential_id: key.credentialId,
          credential_hash: hash,
          public_key: key.publicKey,
          counter: key.counter,
          transports: key.transports.join(','),
          created_at: Date.now(),
          last_used_at: null,
        })
        .execute();
      // The hash is unique: it finds the row on every dialect, where returning ids differ.
      return fromRow(await db.selectFrom('passkeys').select(columns).where('credential_hash', '=', hash).executeTakeFirstOrThrow());
    },

    /** Records a sign-in and the authenticator's new signature counter. */
    async markUsed(id: number, counter: number): Promise<void> {
      await db.updateTable('passkeys').set({ counter, last_used_at: Date.now() }).where('id', '=', id).execute();
    },

    /** Renames one of the account's passkeys; false when it has none of that id. */
    async rename(userId: number, id: number, name: string): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes one of the account's passkeys; false when it has none of that id. */
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
