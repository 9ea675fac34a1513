import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { READ_CACHE_MAX_AGE_MS, ReadCache } from './ReadCache.js';
import { repositories } from './repositories.js';

describe('ReadCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-readcache-'));
  const db = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
  const repo = repositories(db);
  let userId: number;
  beforeAll(async () => {
    await migrateToLatest(db, 'sqlite');
    userId = await repo.users.insert({ username: 'reader', email: 'reader@example.com', passwordHash: 'x' });
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A read of the user's panel scopes that counts how often the database was asked. */
  function counted() {
    const reads = { n: 0 };
    const read = async () => {
      reads.n++;
      return repo.permissions.panelScopes(userId);
    };
    return { reads, read };
  }

  it('answers a repeated read from memory until the database takes a write', async () => {
    const cache = new ReadCache(db);
    const { reads, read } = counted();
    expect(await cache.get('k', read)).toEqual([]);
    expect(await cache.get('k', read)).toEqual([]);
    expect(reads.n).toBe(1);
    await repo.permissions.replace(userId, null, ['nodes.view']);
    expect(await cache.get('k', read)).toEqual(['nodes.view']);
    expect(reads.n).toBe(2);
  });

  it('keeps its entries through writes no cached read depends on (login attempts, tickets, activity), and empties for the rest', async () => {
    const cache = new ReadCache(db);
    const { reads, read } = counted();
    await cache.get('k', read);
    // A login's attempt rows (under their lock, in a transaction), a one-use ticket, an activity entry: nothing a cached read answers.
    await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await trx.insertInto('attempts').values({ id: 'a1', budget: 'logins', key_hash: 'k', expires_at: Date.now() + 60_000 }).execute();
    });
    await db.insertInto('tickets').values({ kind: 'otp', ticket_hash: 'h', payload: '{}', expires_at: Date.now() + 1000 }).execute();
    await db.deleteFrom('tickets').where('ticket_hash', '=', 'h').execute();
    await repo.activity.insertMany([{ event: 'auth.logout', actor: { type: 'user', id: userId, name: 'reader' }, data: {}, time: new Date().toISOString() } as never]);
    await cache.get('k', read);
    expect(reads.n).toBe(1);
    // A transaction that writes a table a cached read answers from empties it at its end.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('attempts').values({ id: 'a2', budget: 'logins', key_hash: 'k2', expires_at: Date.now() + 60_000 }).execute();
      await trx.updateTable('users').set({ username: 'reader' }).where('id', '=', userId).execute();
    });
    await cache.get('k', read);
    expect(reads.n).toBe(2);
    // Raw SQL other than a SELECT is counted, whatever it does.
    await sql`update users set username = 'reader' where id = ${userId}`.execute(db);
    await cache.get('k', read);
    expect(reads.n).toBe(3);
  });

  it('sees a write by another process (a second connection to the file) once an entry is a second old', async () => {
    let clock = 0;
    const cache = new ReadCache(db, () => clock);
    const { reads, read } = counted();
    await repo.permissions.replace(userId, null, []);
    expect(await cache.get('k', read)).toEqual([]);
    // `outpost user add --admin` while the panel runs: its own connection, which this process does not count.
    const other = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    try {
      await repositories(other).permissions.replace(userId, null, ['templates.view']);
    } finally {
      await other.destroy();
    }
    clock = READ_CACHE_MAX_AGE_MS - 1;
    expect(await cache.get('k', read)).toEqual([]);
    clock = READ_CACHE_MAX_AGE_MS;
    expect(await cache.get('k', read)).toEqual(['templates.view']);
    expect(reads.n).toBe(2);
  });

  it('does not keep a read that a write overlapped', async () => {
    const cache = new ReadCache(db);
    const { reads, read } = counted();
    await cache.get('k', async () => {
      const before = await read();
      await repo.permissions.replace(userId, null, ['nodes.edit']);
      return before;
    });
    expect(await cache.get('k', read)).toEqual(['nodes.edit']);
    expect(reads.n).toBe(2);
  });

  it('reads every time from a database it did not open (no writes are counted there)', async () => {
    const cache = new ReadCache(db.withoutPlugins());
    const { reads, read } = counted();
    await cache.get('k', read);
    await cache.get('k', read);
    expect(reads.n).toBe(2);
  });
});
