import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
