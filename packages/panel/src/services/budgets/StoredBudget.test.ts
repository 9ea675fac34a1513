import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase } from '../../db/openDatabase.js';
import { repositories, type Repositories } from '../../db/repositories.js';
import type { Database } from '../../db/schema.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/testDatabase.js';
import { StoredTickets } from '../tickets/StoredTickets.js';
import { StoredBudget } from './StoredBudget.js';

const MINUTE = 60_000;

describe.each(testDialects())('budgets and tickets in the database on %s', (dialect) => {
  let test: TestDatabase;
  // Two connections to one database, as two panels would hold. SQLite's driver is synchronous: a
  // second handle in this process would wait on the first's lock with the thread that must release
  // it, so there both are one handle (one panel per SQLite file, as Outpost runs it).
  let dbA: Kysely<Database>;
  let dbB: Kysely<Database>;
  let a: Repositories;
  let b: Repositories;
  let clock = Date.now();
  const now = () => clock;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    dbA = openDatabase(test.config);
    await migrateToLatest(dbA, dialect);
    dbB = dialect === 'sqlite' ? dbA : openDatabase(test.config);
    a = repositories(dbA);
    b = repositories(dbB);
  });

  afterAll(async () => {
    await dbA?.destroy();
    if (dbB !== dbA) await dbB?.destroy();
    await test?.drop();
  });

  it('refuses the attempt past the limit with 429 and when to retry, until the first leaves the window', async () => {
    const budget = new StoredBudget(a.attempts, 'test.window', 3, 10 * MINUTE, 'tries', now);
    const start = clock;
    for (let n = 0; n < 3; n++) {
      await budget.take('alice');
      clock += MINUTE;
    }
    await expect(budget.take('alice')).rejects.toMatchObject({ code: 'ErrTooManyRequests', status: 429, metadata: { retryAfter: 7 * 60 } });
    // Another key has its own budget.
    await expect(budget.take('bob')).resolves.toMatchObject({ before: 0 });
    clock = start + 10 * MINUTE;
    const again = await budget.take('alice');
    expect(again.before).toBe(2);
    expect(await budget.count('alice')).toBe(3);
  });

  it('counts an attempt given back no more, once, and forgets a key', async () => {
    const budget = new StoredBudget(a.attempts, 'test.giveBack', 2, 10 * MINUTE, 'tries', now);
    const first = await budget.take('carol');
    await budget.take('carol');
    await first.giveBack();
    await first.giveBack();
    expect(await budget.count('carol')).toBe(1);
    await budget.take('carol');
    await expect(budget.take('carol')).rejects.toMatchObject({ code: 'ErrTooManyRequests' });
    await budget.forget('carol');
    expect(await budget.count('carol')).toBe(0);
  });

  it('lets exactly the limit through when 20 attempts arrive together at two panels', async () => {
    const budgets = [new StoredBudget(a.attempts, 'test.race', 5, 10 * MINUTE, 'tries', now), new StoredBudget(b.attempts, 'test.race', 5, 10 * MINUTE, 'tries', now)];
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => budgets[n % 2]!.take('dave')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect(outcome.reason).toMatchObject({ code: 'ErrTooManyRequests' });
  });

  it('sweeps the attempts past their window, of every key, as budgets are taken', async () => {
    const budget = new StoredBudget(a.attempts, 'test.sweep', 5, MINUTE, 'tries', now);
    for (const key of ['gone-1', 'gone-2', 'gone-3']) await budget.take(key);
    const rows = () => dbA.selectFrom('attempts').select('id').where('budget', '=', 'test.sweep').execute();
    expect(await rows()).toHaveLength(3);
    clock += 2 * MINUTE;
    await budget.take('fresh');
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it('takes a ticket once, even when two panels race for it, and never stores the ticket itself', async () => {
    const onA = new StoredTickets<{ userId: number }>(a.tickets, 'test.ticket', 5 * MINUTE);
    const onB = new StoredTickets<{ userId: number }>(b.tickets, 'test.ticket', 5 * MINUTE);
    const ticket = await onA.open({ userId: 7 });
    expect(await onB.peek(ticket)).toEqual({ userId: 7 });
    const stored = await dbA.selectFrom('tickets').selectAll().where('kind', '=', 'test.ticket').execute();
    expect(JSON.stringify(stored)).not.toContain(ticket);
    const race = await Promise.all([onA.take(ticket), onB.take(ticket), onA.take(ticket), onB.take(ticket)]);
    expect(race.filter((value) => value !== undefined)).toEqual([{ userId: 7 }]);
    expect(await onB.peek(ticket)).toBeUndefined();
    // Another kind does not see it.
    const other = new StoredTickets<{ userId: number }>(b.tickets, 'test.other', 5 * MINUTE);
    const second = await onA.open({ userId: 8 });
    expect(await other.take(second)).toBeUndefined();
    expect(await onB.take(second)).toEqual({ userId: 8 });
  });

  it('refuses an expired ticket and sweeps it when the next one opens', async () => {
    const tickets = new StoredTickets<{ userId: number }>(a.tickets, 'test.expiry', MINUTE);
    const opened = Date.now();
    const ticket = await tickets.open({ userId: 9 }, opened);
    expect(await tickets.peek(ticket, opened + MINUTE)).toBeUndefined();
    expect(await tickets.take(ticket, opened + MINUTE)).toBeUndefined();
    const stale = await tickets.open({ userId: 10 }, opened);
    await tickets.open({ userId: 11 }, opened + 2 * MINUTE);
    expect(await tickets.take(stale, opened)).toBeUndefined();
  });
});
