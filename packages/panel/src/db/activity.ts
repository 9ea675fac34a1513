import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ActivityEntry, ActivityRecord } from '@outpost/shared';
import type { ActivityTable, Database } from './schema.js';

/** What a list keeps: each given field narrows it. */
export interface ActivityFilter {
  /** An event name, or a prefix of whole dotted parts (`server.file`). */
  event?: string;
  actor?: string;
  server?: string;
  user?: number;
}

type Row = Omit<ActivityTable, 'id'> & { id: number | string };

const toEntry = (row: Row): ActivityEntry => ({
  id: Number(row.id),
  time: new Date(Number(row.time)).toISOString(),
  event: row.event as ActivityEntry['event'],
  actor: { type: row.actor_type as ActivityEntry['actor']['type'], id: row.actor_id, name: row.actor_name },
  ip: row.ip,
  server: row.server_id,
  data: JSON.parse(row.data) as ActivityEntry['data'],
});

const toRow = (record: ActivityRecord): Omit<ActivityTable, 'id'> => ({
  time: Date.parse(record.time),
  event: record.event,
  actor_type: record.actor.type,
  actor_id: record.actor.id,
  actor_name: record.actor.name.slice(0, 255),
  user_id: record.user ?? (record.actor.type === 'user' && record.actor.id !== null ? Number(record.actor.id) : null),
  ip: record.ip ? record.ip.slice(0, 64) : null,
  server_id: record.server ?? null,
  data: JSON.stringify(record.data ?? {}),
});

function narrowed<O>(query: SelectQueryBuilder<Database, 'activity', O>, filter: ActivityFilter) {
  let q = query;
  if (filter.event) {
    const { event } = filter;
    q = q.where((eb) => eb.or([eb('event', '=', event), eb('event', 'like', `${event.replace(/[%_\\]/g, '')}.%`)]));
  }
  if (filter.actor !== undefined) q = q.where('actor_id', '=', filter.actor);
  if (filter.server !== undefined) q = q.where('server_id', '=', filter.server);
  if (filter.user !== undefined) q = q.where('user_id', '=', filter.user);
  return q;
}

/** The activity table: written in batches, read newest first, trimmed by age. */
export function activityRepository(db: Kysely<Database>) {
  return {
    /** One insert for the whole batch. */
    async insertMany(records: readonly ActivityRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db.insertInto('activity').values(records.map(toRow)).execute();
    },

    async list(filter: ActivityFilter, page: number, limit: number): Promise<{ entries: ActivityEntry[]; total: number }> {
      const rows = await narrowed(db.selectFrom('activity').selectAll(), filter)
        .orderBy('time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const count = await narrowed(db.selectFrom('activity').select((eb) => eb.fn.countAll<number | string>().as('n')), filter).executeTakeFirst();
      return { entries: rows.map(toEntry), total: Number(count?.n ?? 0) };
    },

    /** Removes the entries older than `before` (epoch ms); answers how many went. */
    async deleteBefore(before: number): Promise<number> {
      const result = await db.deleteFrom('activity').where('time', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ActivityRepository = ReturnType<typeof activityRepository>;
