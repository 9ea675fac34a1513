import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A resumable upload under way: whose, on which server, where it goes and how long it is. */
export interface UploadRow {
  id: string;
  serverId: string;
  userId: number;
  path: string;
  length: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** When a byte last arrived (or it was made), epoch milliseconds. */
  updatedAt: number;
}

type Row = { id: string; server_id: string; user_id: number; path: string; length: number | string; created_at: number | string; updated_at: number | string };

const fromRow = (row: Row): UploadRow => ({
  id: row.id,
  serverId: row.server_id,
  userId: row.user_id,
  path: row.path,
  length: Number(row.length),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const columns = ['id', 'server_id', 'user_id', 'path', 'length', 'created_at', 'updated_at'] as const;

/** The uploads table: resumable uploads under way (routes/uploads). */
export function uploadsRepository(db: Kysely<Database>) {
  return {
    async insert(upload: UploadRow): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          id: upload.id,
          server_id: upload.serverId,
          user_id: upload.userId,
          path: upload.path,
          length: upload.length,
          created_at: upload.createdAt,
          updated_at: upload.updatedAt,
        })
        .execute();
    },

    async byId(id: string): Promise<UploadRow | undefined> {
      const row = await db.selectFrom('uploads').select(columns).where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },

    async touch(id: string, at: number): Promise<void> {
      await db.updateTable('uploads').set({ updated_at: at }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },

    /** Uploads nothing arrived for since `before` (epoch ms), oldest first, at most `limit`. */
    async idleSince(before: number, limit = 100): Promise<UploadRow[]> {
      return (await db.selectFrom('uploads').select(columns).where('updated_at', '<', before).orderBy('updated_at').limit(limit).execute()).map(fromRow);
    },
  };
}
