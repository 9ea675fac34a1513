import type { BackupStorage } from '@outpost/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, NodesTable } from './schema.js';

export type NodeRow = Selectable<NodesTable>;

/** Where a node keeps its backups, the S3 secret included; local storage while the column is null. */
export function backupStorageOf(row: Pick<NodeRow, 'backups'>): BackupStorage {
  return row.backups ? (JSON.parse(row.backups) as BackupStorage) : { type: 'local' };
}

/** The backups column for a storage: null for local storage, which every node starts with. */
export function backupsColumn(storage: BackupStorage): string | null {
  return storage.type === 'local' ? null : JSON.stringify(storage);
}

/** The nodes table: machines that run servers; one of them is the local node. */
export function nodesRepository(db: Kysely<Database>) {
  const normalise = (row: NodeRow | undefined) => row && { ...row, is_local: Number(row.is_local) };
  return {
    async insert(node: Omit<Insertable<NodesTable>, 'id'>): Promise<number> {
      await db.insertInto('nodes').values(node).execute();
      const row = await db.selectFrom('nodes').select('id').where('name', '=', node.name).executeTakeFirstOrThrow();
      return row.id;
    },

    async byId(id: number): Promise<NodeRow | undefined> {
      return normalise(await db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst());
    },

    async local(): Promise<NodeRow | undefined> {
      return normalise(await db.selectFrom('nodes').selectAll().where('is_local', '=', 1).executeTakeFirst());
    },

    async list(): Promise<NodeRow[]> {
      const rows = await db.selectFrom('nodes').selectAll().orderBy('id').execute();
      return rows.map((r) => ({ ...r, is_local: Number(r.is_local) }));
    },

    async update(id: number, changes: Partial<Omit<Insertable<NodesTable>, 'id'>>): Promise<void> {
      if (Object.keys(changes).length > 0) await db.updateTable('nodes').set(changes).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('nodes').where('id', '=', id).execute();
    },
  };
}
