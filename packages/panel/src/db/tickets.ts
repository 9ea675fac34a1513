import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tickets table: one-use tickets by kind and the sha256 of the ticket, with a JSON payload. */
export function ticketsRepository(db: Kysely<Database>) {
  return {
    /** Keeps a ticket, replacing any under the same hash. */
    async put(kind: string, ticketHash: string, payload: string, expiresAt: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tickets').where('kind', '=', kind).where('ticket_hash', '=', ticketHash).execute();
        await trx.insertInto('tickets').values({ kind, ticket_hash: ticketHash, payload, expires_at: expiresAt }).execute();
      });
    },

    /** The payload of a ticket still valid at `now`, left in place. */
    async peek(kind: string, ticketHash: string, now: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('tickets')
        .select('payload')
        .where('kind', '=', kind)
        .where('ticket_hash', '=', ticketHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.payload;
    },

    /**
     * Deletes the ticket and answers its payload when it was there and still valid; only the
     * request whose delete removed the row gets it, so two panels racing for one ticket cannot both.
     */
    async take(kind: string, ticketHash: string, now: number): Promise<string | undefined> {
      const row = await db.selectFrom('tickets').select(['payload', 'expires_at']).where('kind', '=', kind).where('ticket_hash', '=', ticketHash).executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('tickets').where('kind', '=', kind).where('ticket_hash', '=', ticketHash).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1 || Number(row.expires_at) <= now) return undefined;
      return row.payload;
    },

    async delete(kind: string, ticketHash: string): Promise<void> {
      await db.deleteFrom('tickets').where('kind', '=', kind).where('ticket_hash', '=', ticketHash).execute();
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('tickets').where('expires_at', '<=', now).execute();
    },
  };
}

export type TicketsRepository = ReturnType<typeof ticketsRepository>;
