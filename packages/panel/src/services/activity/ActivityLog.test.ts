import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEvent } from '@outpost/shared';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/testDatabase.js';
import { activityRepository } from '../../db/activity.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase } from '../../db/openDatabase.js';
import type { Database } from '../../db/schema.js';
import { ActivityLog } from './ActivityLog.js';

const DAY = 24 * 60 * 60_000;
const command = (n: number, server = 'abcd0123'): ActivityEvent => ({
  event: 'server.console.command',
  actor: { type: 'user', id: '7', name: 'ada' },
  ip: '127.0.0.1',
  server,
  data: { command: `say ${n}` },
});

describe.each(testDialects())('the activity log on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    await migrateToLatest(db, dialect);
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  it('writes a burst of events in few inserts, keeps their order and hands each to subscribers once', async () => {
    const repo = activityRepository(db);
    let inserts = 0;
    const counted = { ...repo, insertMany: async (records: Parameters<typeof repo.insertMany>[0]) => (inserts++, repo.insertMany(records)) };
    const log = new ActivityLog(counted);
    const seen: string[] = [];
    const unsubscribe = log.subscribe((record) => seen.push((record.data as { command: string }).command));
    for (let n = 0; n < 450; n++) log.emit(command(n));
    unsubscribe();
    log.emit(command(450));
    await log.flush();
    expect(inserts).toBeLessThanOrEqual(10);
    expect(seen).toHaveLength(450);
    const { entries, total } = await repo.list({}, 1, 3);
    expect(total).toBe(451);
    expect(entries.map((e) => e.data.command)).toEqual(['say 450', 'say 449', 'say 448']);
    expect(entries[0]).toMatchObject({ event: 'server.console.command', actor: { type: 'user', id: '7', name: 'ada' }, ip: '127.0.0.1', server: 'abcd0123' });
    await log.stop();
  });

  it('with storing off, keeps nothing but still hands every event to subscribers', async () => {
    const repo = activityRepository(db);
    const log = new ActivityLog(repo, { store: false });
    const seen: string[] = [];
    log.subscribe((record) => seen.push(record.event));
    log.emit(command(1));
    log.emit(command(2));
    await log.flush();
    expect(seen).toEqual(['server.console.command', 'server.console.command']);
    expect((await repo.list({}, 1, 10)).total).toBe(0);
  });

  it('removes entries older than the retention, by the clock it is given', async () => {
    const repo = activityRepository(db);
    let now = Date.parse('2026-01-01T00:00:00Z');
    const log = new ActivityLog(repo, { retentionDays: 90, now: () => now });
    log.emit(command(1));
    now += 60 * DAY;
    log.emit(command(2));
    await log.flush();
    now += 31 * DAY; // the first is 91 days old, the second 31
    expect(await log.sweep()).toBe(1);
    const { entries } = await repo.list({}, 1, 10);
    expect(entries.map((e) => e.data.command)).toEqual(['say 2']);
    expect(await new ActivityLog(repo, { retentionDays: 0, now: () => now + 1000 * DAY }).sweep()).toBe(0);
  });

  it('filters by event name or dotted prefix, actor, server and account, and pages', async () => {
    const repo = activityRepository(db);
    const log = new ActivityLog(repo);
    log.emit(command(1, 'aaaa0000'));
    log.emit({ event: 'server.file.deleted', actor: { type: 'client', id: 'c1', name: 'c1' }, server: 'bbbb1111', data: { path: 'a.txt' } });
    log.emit({ event: 'auth.login.failed', actor: { type: 'user', id: null, name: 'x' }, user: 9, data: { username: 'x', reason: 'ErrInvalidCredentials' } });
    log.emit({ event: 'server.filed' as 'server.file.deleted', actor: { type: 'system', id: null, name: 'system' }, data: { path: 'b' } });
    await log.flush();
    const events = async (filter: Parameters<typeof repo.list>[0]) => (await repo.list(filter, 1, 10)).entries.map((e) => e.event);
    expect(await events({ event: 'server.file' })).toEqual(['server.file.deleted']);
    expect(await events({ event: 'server.file.deleted' })).toEqual(['server.file.deleted']);
    expect(await events({ actor: 'c1' })).toEqual(['server.file.deleted']);
    expect(await events({ server: 'aaaa0000' })).toEqual(['server.console.command']);
    expect(await events({ user: 9 })).toEqual(['auth.login.failed']);
    expect(await events({ user: 7 })).toEqual(['server.console.command']);
    const second = await repo.list({}, 2, 3);
    expect(second).toMatchObject({ total: 4, entries: [{ event: 'server.console.command' }] });
  });
});
