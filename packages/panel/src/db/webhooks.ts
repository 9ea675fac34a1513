import type { Kysely } from 'kysely';
import type { WebhookFormat } from '@outpost/shared';
import type { Database } from './schema.js';

export interface WebhookRow {
  id: number;
  serverId: string | null;
  url: string;
  events: string[];
  format: WebhookFormat;
  enabled: boolean;
  secret: string;
}

/** What a hook is made or changed with; the secret is set once, at creation. */
export interface WebhookFields {
  url: string;
  events: string[];
  format: WebhookFormat;
  enabled: boolean;
}

type Row = { id: number; server_id: string | null; url: string; events: string; format: string; enabled: number; secret: string };

const fromRow = (row: Row): WebhookRow => ({
  id: row.id,
  serverId: row.server_id,
  url: row.url,
  events: row.events.split(' ').filter(Boolean),
  format: row.format as WebhookFormat,
  enabled: row.enabled === 1,
  secret: row.secret,
});

const columns = ['id', 'server_id', 'url', 'events', 'format', 'enabled', 'secret'] as const;

/** The webhooks table: panel-wide hooks (no server) and each server's own. */
export function webhooksRepository(db: Kysely<Database>) {
  return {
    /** Panel-wide hooks (serverId null) or one server's, oldest first. */
    async list(serverId: string | null): Promise<WebhookRow[]> {
      let query = db.selectFrom('webhooks').select(columns).orderBy('id');
      query = serverId === null ? query.where('server_id', 'is', null) : query.where('server_id', '=', serverId);
      return (await query.execute()).map(fromRow);
    },

    /** Every enabled hook, for matching events against. */
    async enabled(): Promise<WebhookRow[]> {
      return (await db.selectFrom('webhooks').select(columns).where('enabled', '=', 1).execute()).map(fromRow);
    },

    async byId(id: number): Promise<WebhookRow | undefined> {
      const row = await db.selectFrom('webhooks').select(columns).where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },

    async insert(serverId: string | null, fields: WebhookFields, secret: string): Promise<number> {
      await db
        .insertInto('webhooks')
        .values({ server_id: serverId, url: fields.url, events: fields.events.join(' '), format: fields.format, enabled: fields.enabled ? 1 : 0, secret, created_at: Date.now() })
        .execute();
      // The secret is random: it finds the row on every dialect, where returning ids differ.
      return (await db.selectFrom('webhooks').select('id').where('secret', '=', secret).executeTakeFirstOrThrow()).id;
    },

    async update(id: number, fields: WebhookFields): Promise<void> {
      await db
        .updateTable('webhooks')
        .set({ url: fields.url, events: fields.events.join(' '), format: fields.format, enabled: fields.enabled ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
