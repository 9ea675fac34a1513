import type { Kysely } from 'kysely';
import type { WebhookDeliveryStatus } from '@outpost/shared';
import type { Database } from './schema.js';

export interface WebhookDeliveryRow {
  id: string;
  webhookId: number;
  event: string;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  answerCode: number | null;
  error: string | null;
}

type Row = Database['webhook_deliveries'];

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

const fromRow = (row: Row): WebhookDeliveryRow => ({
  id: row.id,
  webhookId: row.webhook_id,
  event: row.event,
  body: row.body,
  status: row.status as WebhookDeliveryStatus,
  attempts: row.attempts,
  createdAt: Number(row.created_at),
  nextAttemptAt: orNull(row.next_attempt_at),
  lastAttemptAt: orNull(row.last_attempt_at),
  answerCode: row.answer_code,
  error: row.error,
});

/** How one attempt ended: still pending with its next time, delivered, or failed for good. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  nextAttemptAt: number | null;
  answerCode: number | null;
  error: string | null;
}

/** The webhook_deliveries table: the queue of deliveries and, once sent or given up, each hook's log. */
export function webhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    async insert(delivery: { id: string; webhookId: number; event: string; body: string; createdAt: number }): Promise<void> {
      await db
        .insertInto('webhook_deliveries')
        .values({ id: delivery.id, webhook_id: delivery.webhookId, event: delivery.event, body: delivery.body, status: 'pending', attempts: 0, created_at: delivery.createdAt, next_attempt_at: delivery.createdAt })
        .execute();
    },

    /** Pending deliveries due by `now`, the oldest first. */
    async due(now: number, limit: number): Promise<WebhookDeliveryRow[]> {
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(limit).execute();
      return rows.map(fromRow);
    },

    /** When the next pending delivery is due, if any is. */
    async nextDue(): Promise<number | undefined> {
      const row = await db.selectFrom('webhook_deliveries').select(({ fn }) => fn.min('next_attempt_at').as('next')).where('status', '=', 'pending').executeTakeFirst();
      return row?.next == null ? undefined : Number(row.next);
    },

    /** Takes a due delivery for one attempt, moving its next attempt to `until`; false when another took it first. */
    async claim(delivery: WebhookDeliveryRow, until: number): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: until })
        .where('id', '=', delivery.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', delivery.nextAttemptAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives a claimed delivery back untried (the panel is closing): due again at once. */
    async release(id: string, at: number): Promise<void> {
      await db.updateTable('webhook_deliveries').set({ next_attempt_at: at }).where('id', '=', id).where('status', '=', 'pending').execute();
    },

    async recordAttempt(id: string, at: number, outcome: AttemptOutcome): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_attempt_at: at,
          status: outcome.status,
          next_attempt_at: outcome.nextAttemptAt,
          answer_code: outcome.answerCode,
          error: outcome.error,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** One hook's deliveries, the latest first. */
    async ofWebhook(webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(fromRow);
    },

    /** Removes finished deliveries older than `before` (the log keeps what the activity log keeps). */
    async deleteFinishedBefore(before: number): Promise<void> {
      await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute();
    },
  };
}
