import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { lockKey } from './lockKey.js';
import type { Database } from './schema.js';

/** What `take` found: the attempts already in the window, the oldest one's end, and the new row when one was counted. */
export interface TakenAttempt {
  before: number;
  /** When the oldest attempt in the window leaves it; undefined when there is none. */
  oldestExpiresAt: number | undefined;
  /** The counted attempt's id; undefined when the budget was spent and nothing was counted. */
  id: string | undefined;
}

/** The attempts table: attempts counted against a budget (services/budgets/StoredBudget.ts), one row each. */
export function attemptsRepository(db: Kysely<Database>) {
  const inWindow = (d: Kysely<Database>, budget: string, keyHash: string, now: number) =>
    d.selectFrom('attempts').where('budget', '=', budget).where('key_hash', '=', keyHash).where('expires_at', '>', now);

  return {
    /** How many attempts `keyHash` has in `budget`'s window at `now`. */
    async count(budget: string, keyHash: string, now: number): Promise<number> {
      const row = await inWindow(db, budget, keyHash, now).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Counts one attempt unless `limit` are already in the window, under a lock on the key, so
     * attempts that arrive together at any number of panels cannot all slip under the limit.
     */
    async take(budget: string, keyHash: string, limit: number, windowMs: number, now: number): Promise<TakenAttempt> {
      const window = async (d: Kysely<Database>) => {
        const row = await inWindow(d, budget, keyHash, now)
          .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('expires_at').as('oldest')])
          .executeTakeFirst();
        return { before: Number(row?.n ?? 0), oldestExpiresAt: row?.oldest == null ? undefined : Number(row.oldest), id: undefined };
      };
      // A spent budget is refused on one read, without the lock or a write: a flood at one key
      // mostly meets a full window, and must not queue for the lock or stir other panels' caches.
      const seen = await window(db);
      if (seen.before >= limit) return seen;
      return lockKey(db, `attempts:${budget}:${keyHash}`, async (locked) => {
        const found = await window(locked);
        if (found.before >= limit) return found;
        const id = randomBytes(16).toString('hex');
        await locked.insertInto('attempts').values({ id, budget, key_hash: keyHash, expires_at: now + windowMs }).execute();
        return { ...found, id };
      });
    },

    /** Removes one counted attempt (given back). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('attempts').where('id', '=', id).execute();
    },

    /** Removes every attempt of a key in a budget (forgotten after a good password). */
    async forget(budget: string, keyHash: string): Promise<void> {
      await db.deleteFrom('attempts').where('budget', '=', budget).where('key_hash', '=', keyHash).execute();
    },

    /** Removes the attempts past their window, of every budget. */
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('attempts').where('expires_at', '<=', now).execute();
    },
  };
}

export type AttemptsRepository = ReturnType<typeof attemptsRepository>;
