import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';
import { isUniqueViolation } from './isUniqueViolation.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { repositories, type Repositories } from './repositories.js';
import type { Database } from './schema.js';

describe.each(testDialects())('data layer on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let repo: Repositories;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    await migrateToLatest(db, dialect);
    repo = repositories(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await test?.drop();
  });

  it('migrates twice without doing anything the second time', async () => {
    expect(await migrateToLatest(db, dialect)).toEqual([]);
  });

  it('stores users and refuses a second account with the same email or username', async () => {
    const id = await repo.users.insert({ username: 'alice', email: 'alice@example.com', passwordHash: 'h' });
    expect((await repo.users.byEmail('alice@example.com'))?.id).toBe(id);
    expect((await repo.users.byUsername('alice'))?.otp_active).toBe(0);
    await expect(repo.users.insert({ username: 'alice', email: 'other@example.com', passwordHash: 'h' })).rejects.toSatisfy(isUniqueViolation);
    await expect(repo.users.insert({ username: 'alice2', email: 'alice@example.com', passwordHash: 'h' })).rejects.toSatisfy(isUniqueViolation);
    await repo.users.update(id, { username: 'alice_b' });
    expect((await repo.users.byId(id))?.username).toBe('alice_b');
    expect(await repo.users.count()).toBeGreaterThanOrEqual(1);
  });

  it('accepts each one-time code counter once and only moving forward', async () => {
    const id = await repo.users.insert({ username: 'otpuser', email: 'otp@example.com', passwordHash: 'h' });
    await repo.users.setOtp(id, 'SECRET', true);
    expect(await repo.users.useOtpCounter(id, 100)).toBe(true);
    expect(await repo.users.useOtpCounter(id, 100)).toBe(false);
    expect(await repo.users.useOtpCounter(id, 99)).toBe(false);
    expect(await repo.users.useOtpCounter(id, 101)).toBe(true);
    expect((await repo.users.byId(id))?.otp_last_counter).toBe(101);
  });

  it('finds sessions by hash and deletes expired ones', async () => {
    const id = await repo.users.insert({ username: 'sess_user', email: 'sess@example.com', passwordHash: 'h' });
    const now = Date.now();
    await repo.sessions.insert('a'.repeat(64), id, now + 60_000);
    await repo.sessions.insert('b'.repeat(64), id, now - 1);
    expect(await repo.sessions.byHash('a'.repeat(64))).toEqual({ userId: id, expiresAt: now + 60_000, clientId: null });
    expect(await repo.sessions.deleteExpired(now)).toBe(1);
    expect(await repo.sessions.byHash('b'.repeat(64))).toBeUndefined();
    await repo.sessions.deleteForUser(id);
    expect(await repo.sessions.byHash('a'.repeat(64))).toBeUndefined();
  });

  it('keeps panel and per-server scopes apart', async () => {
    const id = await repo.users.insert({ username: 'perm_user', email: 'perm@example.com', passwordHash: 'h' });
    await repo.permissions.replace(id, null, ['nodes.view', 'nodes.view', 'users.view']);
    await repo.permissions.replace(id, 'abcd1234', ['server.view', 'server.start']);
    expect((await repo.permissions.panelScopes(id)).sort()).toEqual(['nodes.view', 'users.view']);
    expect((await repo.permissions.serverScopes(id, 'abcd1234')).sort()).toEqual(['server.start', 'server.view']);
    expect(await repo.permissions.usersOfServer('abcd1234')).toEqual([id]);
    await repo.permissions.replace(id, 'abcd1234', []);
    expect(await repo.permissions.serverScopes(id, 'abcd1234')).toEqual([]);
    expect(await repo.permissions.panelScopes(id)).toHaveLength(2);
  });

  it('writes settings and user settings, replacing earlier values', async () => {
    await repo.settings.setMany({ 'panel.settings.companyName': 'Acme', 'panel.registrationEnabled': 'false' });
    await repo.settings.setMany({ 'panel.settings.companyName': 'Acme 2' });
    expect(await repo.settings.get('panel.settings.companyName')).toBe('Acme 2');
    expect((await repo.settings.all())['panel.registrationEnabled']).toBe('false');
    const id = await repo.users.insert({ username: 'theme_user', email: 'theme@example.com', passwordHash: 'h' });
    await repo.userSettings.set(id, 'dark', 'true');
    await repo.userSettings.set(id, 'dark', 'false');
    expect(await repo.userSettings.list(id)).toEqual([{ key: 'dark', value: 'false' }]);
  });

  it('stores nodes with unique names and one local node', async () => {
    const node = { public_host: 'h', public_port: 8080, private_host: 'h', private_port: 8080, sftp_port: 5657, secret: 's' };
    const id = await repo.nodes.insert({ ...node, name: 'LocalNode', is_local: 1 });
    await expect(repo.nodes.insert({ ...node, name: 'LocalNode', is_local: 0 })).rejects.toSatisfy(isUniqueViolation);
    expect((await repo.nodes.local())?.id).toBe(id);
    await repo.nodes.update(id, { public_port: 9090 });
    expect((await repo.nodes.byId(id))?.public_port).toBe(9090);
    expect(await repo.nodes.list()).toHaveLength(1);
  });

  it('removes a user with their sessions, permissions and settings', async () => {
    const id = await repo.users.insert({ username: 'gone_user', email: 'gone@example.com', passwordHash: 'h' });
    await repo.sessions.insert('c'.repeat(64), id, Date.now() + 1000);
    await repo.permissions.replace(id, null, ['nodes.view']);
    await repo.userSettings.set(id, 'dark', 'true');
    await repo.users.delete(id);
    expect(await repo.sessions.byHash('c'.repeat(64))).toBeUndefined();
    expect(await repo.permissions.panelScopes(id)).toEqual([]);
    expect(await repo.userSettings.list(id)).toEqual([]);
  });

  it('finds users by a pattern in any case, and keeps the last administrator whichever way they would go', async () => {
    const a = await repo.users.insert({ username: 'Pattern_One', email: 'p1@pattern.test', passwordHash: 'h' });
    const b = await repo.users.insert({ username: 'pattern%two', email: 'p2@pattern.test', passwordHash: 'h' });
    const names = async (username: string) => (await repo.users.page({ offset: 0, limit: 10, match: { username } })).rows.map((r) => r.username);
    // Sorted by the database's collation, which orders '%', '_' and case its own way.
    expect((await names('*PATTERN*')).sort()).toEqual(['Pattern_One', 'pattern%two']);
    expect(await names('*n%t*')).toEqual(['pattern%two']);
    expect(await names('pattern_one')).toEqual(['Pattern_One']);
    expect((await repo.users.page({ offset: 1, limit: 1, match: { email: '*@pattern.test' } })).total).toBe(2);

    await repo.permissions.replace(a, null, ['servers.admin']);
    await repo.permissions.replace(b, null, ['servers.admin', 'nodes.view']);
    expect(await repo.permissions.replacePanelKeepingAdmin(b, ['nodes.view'])).toBe(true);
    expect(await repo.permissions.replacePanelKeepingAdmin(a, [])).toBe(false);
    expect(await repo.users.deleteKeepingAdmin(a)).toBe(false);
    expect(await repo.permissions.usersHolding('servers.admin')).toEqual([a]);
    expect(await repo.users.deleteKeepingAdmin(b)).toBe(true);
    expect(await repo.users.byId(b)).toBeUndefined();
    await repo.permissions.replace(a, null, []);
  });
});
