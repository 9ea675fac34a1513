import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, ServersTable } from './schema.js';

export type ServerRow = Selectable<ServersTable>;

/** A server row with the node fields its list entry shows. */
export interface ServerWithNode {
  id: string;
  name: string;
  ip: string;
  port: number | null;
  type: string;
  node_id: number;
  node_name: string;
  node_public_host: string;
  node_sftp_port: number;
}

/** What the list is narrowed by: part of the name or id (any case), and a node. */
export interface ServerListFilter {
  search?: string;
  nodeId?: number;
}

// '!' escapes LIKE's wildcards the same way in SQLite, PostgreSQL and MySQL (a backslash does not).
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The servers table: which servers exist and on which node; everything else lives on the node. */
export function serversRepository(db: Kysely<Database>) {
  const withNode = () =>
    db
      .selectFrom('servers')
      .innerJoin('nodes', 'nodes.id', 'servers.node_id')
      .select([
        'servers.id',
        'servers.name',
        'servers.ip',
        'servers.port',
        'servers.type',
        'servers.node_id',
        'nodes.name as node_name',
        'nodes.public_host as node_public_host',
        'nodes.sftp_port as node_sftp_port',
      ]);
  // The same narrowing for rows and their count: held by the user, on the node, matching the search.
  const narrowed = <Q extends SelectQueryBuilder<Database, 'servers', object>>(query: Q, options: { userId?: number } & ServerListFilter): Q => {
    let q = query as SelectQueryBuilder<Database, 'servers', object>;
    if (options.userId !== undefined) {
      const held = db.selectFrom('permissions').select('server_id').where('user_id', '=', options.userId).where('server_id', 'is not', null);
      q = q.where('servers.id', 'in', held as never);
    }
    if (options.nodeId !== undefined) q = q.where('servers.node_id', '=', options.nodeId);
    const search = options.search?.trim();
    if (search) {
      const pattern = containsPattern(search);
      q = q.where(sql<boolean>`(lower(${sql.ref('servers.name')}) like ${pattern} escape '!' or ${sql.ref('servers.id')} like ${pattern} escape '!')`);
    }
    return q as Q;
  };
  return {
    async insert(server: Insertable<ServersTable>): Promise<void> {
      await db.insertInto('servers').values(server).execute();
    },

    async byId(id: string): Promise<ServerRow | undefined> {
      return db.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async byName(name: string): Promise<ServerRow | undefined> {
      return db.selectFrom('servers').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async detail(id: string): Promise<ServerWithNode | undefined> {
      return withNode().where('servers.id', '=', id).executeTakeFirst();
    },

    /** One page by name; `userId` limits it to the servers that user holds any scope on. */
    async page(options: { offset: number; limit: number; userId?: number } & ServerListFilter): Promise<{ rows: ServerWithNode[]; total: number }> {
      // One row more than the page: when it does not come, this page is the last and the total is
      // known without counting (the usual case of a panel with one page of servers).
      const fetched = await narrowed(withNode(), options).orderBy('servers.name').limit(options.limit + 1).offset(options.offset).execute();
      const page = fetched.slice(0, options.limit);
      if (fetched.length <= options.limit && (fetched.length > 0 || options.offset === 0)) return { rows: page, total: options.offset + fetched.length };
      const total = await narrowed(db.selectFrom('servers').select((eb) => eb.fn.countAll<number | string>().as('n')), options).executeTakeFirstOrThrow();
      return { rows: page, total: Number(total.n) };
    },

    /** Every match by name, for a list narrowed further by something the database does not hold (live state). */
    async matching(options: { userId?: number } & ServerListFilter): Promise<ServerWithNode[]> {
      return narrowed(withNode(), options).orderBy('servers.name').execute();
    },

    /** Which of `ids` are servers (held by `userId`, when given), in one query for a whole watch list. */
    async idsAmong(ids: readonly string[], userId?: number): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await narrowed(db.selectFrom('servers').select('servers.id').where('servers.id', 'in', ids), { userId }).execute();
      return rows.map((row) => row.id);
    },

    async countOnNode(nodeId: number): Promise<number> {
      const row = await db.selectFrom('servers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('node_id', '=', nodeId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The ids of the servers a node holds. */
    async idsOnNode(nodeId: number): Promise<string[]> {
      const rows = await db.selectFrom('servers').select('id').where('node_id', '=', nodeId).execute();
      return rows.map((row) => row.id);
    },

    /** How many servers each node holds; nodes without any are absent. */
    async countByNode(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('servers').select((eb) => ['node_id', eb.fn.countAll<number | string>().as('n')]).groupBy('node_id').execute();
      return new Map(rows.map((row) => [Number(row.node_id), Number(row.n)]));
    },

    async rename(id: string, name: string): Promise<void> {
      await db.updateTable('servers').set({ name }).where('id', '=', id).execute();
    },

    /** Removes the row and every permission and OAuth2 client (with its tokens) on it, together. */
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('permissions').where('server_id', '=', id).execute();
        const clients = trx.selectFrom('oauth_clients').select('client_id').where('server_id', '=', id);
        await trx.deleteFrom('sessions').where('client_id', 'in', clients).execute();
        await trx.deleteFrom('oauth_clients').where('server_id', '=', id).execute();
        await trx.deleteFrom('servers').where('id', '=', id).execute();
      });
    },
  };
}
