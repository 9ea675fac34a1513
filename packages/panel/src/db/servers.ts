import type { Insertable, Kysely, Selectable } from 'kysely';
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
    async page(options: { offset: number; limit: number; userId?: number }): Promise<{ rows: ServerWithNode[]; total: number }> {
      let rows = withNode();
      let count = db.selectFrom('servers').select((eb) => eb.fn.countAll<number | string>().as('n'));
      if (options.userId !== undefined) {
        const held = db.selectFrom('permissions').select('server_id').where('user_id', '=', options.userId).where('server_id', 'is not', null);
        rows = rows.where('servers.id', 'in', held as never);
        count = count.where('servers.id', 'in', held as never);
      }
      // One row more than the page: when it does not come, this page is the last and the total is
      // known without counting (the usual case of a panel with one page of servers).
      const fetched = await rows.orderBy('servers.name').limit(options.limit + 1).offset(options.offset).execute();
      const page = fetched.slice(0, options.limit);
      if (fetched.length <= options.limit && (fetched.length > 0 || options.offset === 0)) return { rows: page, total: options.offset + fetched.length };
      const total = await count.executeTakeFirstOrThrow();
      return { rows: page, total: Number(total.n) };
    },

    async countOnNode(nodeId: number): Promise<number> {
      const row = await db.selectFrom('servers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('node_id', '=', nodeId).executeTakeFirstOrThrow();
      return Number(row.n);
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
