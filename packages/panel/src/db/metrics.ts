import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** One span of one server's history in one tier, its points encoded (services/metrics/MetricSpan). */
export interface MetricRow {
  server: string;
  tier: number;
  /** Epoch milliseconds: where the span starts, and its newest point. */
  start: number;
  until: number;
  rolled: boolean;
  data: Uint8Array;
}

const toRow = (row: { server_id: string; tier: number; start: number | string; until: number | string; rolled: number; data: Uint8Array }): MetricRow => ({
  server: row.server_id,
  tier: Number(row.tier),
  start: Number(row.start),
  until: Number(row.until),
  rolled: Number(row.rolled) === 1,
  data: row.data,
});

/** Rows per insert: well under every dialect's limit of bound values. */
const ROWS_PER_INSERT = 200;

/** The metrics table: servers' stats history, a row per span (issue 32). */
export function metricsRepository(db: Kysely<Database>) {
  return {
    /** Writes each row in place of the one with its key (server, tier, start), all in one transaction. */
    async put(rows: readonly MetricRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Delete then insert: one way on every dialect (MySQL counts an update that changes nothing as no row).
        for (const row of rows) {
          await trx.deleteFrom('metrics').where('server_id', '=', row.server).where('tier', '=', row.tier).where('start', '=', row.start).execute();
        }
        for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
          const values = rows.slice(at, at + ROWS_PER_INSERT).map((row) => ({
            server_id: row.server,
            tier: row.tier,
            start: row.start,
            until: row.until,
            rolled: row.rolled ? 1 : 0,
            data: Buffer.from(row.data),
          }));
          await trx.insertInto('metrics').values(values).execute();
        }
      });
    },

    /** The rows of these servers in one tier whose spans start from `from` up to `to` (epoch ms, both included). */
    async spans(servers: readonly string[], tier: number, from: number, to: number): Promise<MetricRow[]> {
      if (servers.length === 0) return [];
      const rows = await db
        .selectFrom('metrics')
        .selectAll()
        .where('server_id', 'in', [...servers])
        .where('tier', '=', tier)
        .where('start', '>=', from)
        .where('start', '<=', to)
        .orderBy('start')
        .execute();
      return rows.map(toRow);
    },

    /** The 10-s rows of these servers not yet rolled up. */
    async unrolledOf(servers: readonly string[]): Promise<MetricRow[]> {
      if (servers.length === 0) return [];
      const rows = await db.selectFrom('metrics').selectAll().where('server_id', 'in', [...servers]).where('tier', '=', 0).where('rolled', '=', 0).orderBy('start').execute();
      return rows.map(toRow);
    },

    /** Up to `limit` 10-s rows not yet rolled up whose spans start before `before`, oldest first. */
    async unrolled(before: number, limit: number): Promise<MetricRow[]> {
      const rows = await db.selectFrom('metrics').selectAll().where('tier', '=', 0).where('rolled', '=', 0).where('start', '<', before).orderBy('start').limit(limit).execute();
      return rows.map(toRow);
    },

    /**
     * Marks 10-s rows as rolled up, each only if it still holds what was rolled up (the same
     * newest point): one written again meanwhile stays to be rolled up again.
     */
    async markRolled(rows: readonly Pick<MetricRow, 'server' | 'start' | 'until'>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          await trx.updateTable('metrics').set({ rolled: 1 }).where('server_id', '=', row.server).where('tier', '=', 0).where('start', '=', row.start).where('until', '=', row.until).execute();
        }
      });
    },

    /** The newest point held of the servers of a node (10-s tier), in epoch ms; undefined when none. */
    async newestOnNode(nodeId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('metrics')
        .innerJoin('servers', 'servers.id', 'metrics.server_id')
        .select((eb) => eb.fn.max('metrics.until').as('newest'))
        .where('servers.node_id', '=', nodeId)
        .where('metrics.tier', '=', 0)
        .executeTakeFirst();
      return row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
    },

    /** Removes the rows of one tier whose spans start before `before`; answers how many went. */
    async deleteBefore(tier: number, before: number): Promise<number> {
      const result = await db.deleteFrom('metrics').where('tier', '=', tier).where('start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MetricsRepository = ReturnType<typeof metricsRepository>;
