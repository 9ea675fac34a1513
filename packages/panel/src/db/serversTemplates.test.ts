import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';
import { isUniqueViolation } from './isUniqueViolation.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { repositories, type Repositories } from './repositories.js';
import type { Database } from './schema.js';

describe.each(testDialects())('servers and templates tables on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let repo: Repositories;
  let nodeId: number;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    await migrateToLatest(db, dialect);
    repo = repositories(db);
    nodeId = await repo.nodes.insert({ name: 'n1', public_host: 'play.example.com', public_port: 8080, private_host: '127.0.0.2', private_port: 39080, sftp_port: 5657, secret: 's', is_local: 0 });
  });

  afterAll(async () => {
    await db?.destroy();
    await test?.drop();
  });

  const server = (id: string, name: string) => ({ id, name, node_id: nodeId, ip: '', port: 25565, type: 'minecraft', created_at: Date.now() });

  it('lists servers by name with their node, paged, and refuses a second server of the same name', async () => {
    await repo.servers.insert(server('0000000b', 'beta'));
    await repo.servers.insert(server('0000000a', 'alpha'));
    await repo.servers.insert(server('0000000c', 'gamma'));
    await expect(repo.servers.insert(server('0000000d', 'alpha'))).rejects.toSatisfy(isUniqueViolation);
    const first = await repo.servers.page({ offset: 0, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.name)).toEqual(['alpha', 'beta']);
    expect(first.rows[0]).toMatchObject({ id: '0000000a', node_name: 'n1', node_public_host: 'play.example.com', node_sftp_port: 5657, port: 25565 });
    expect((await repo.servers.page({ offset: 2, limit: 2 })).rows.map((r) => r.name)).toEqual(['gamma']);
    expect(await repo.servers.countOnNode(nodeId)).toBe(3);
  });

  it('limits the list to the servers a user holds a scope on', async () => {
    const userId = await repo.users.insert({ username: 'holder', email: 'holder@example.com', passwordHash: 'h' });
    await repo.permissions.replace(userId, '0000000c', ['server.view']);
    await repo.permissions.replace(userId, null, ['servers.view']);
    expect(await repo.servers.page({ offset: 0, limit: 10, userId })).toMatchObject({ total: 1, rows: [{ id: '0000000c' }] });
  });

  it('renames, and deletes a server together with its permissions', async () => {
    await repo.servers.rename('0000000b', 'beta two');
    expect((await repo.servers.detail('0000000b'))?.name).toBe('beta two');
    expect((await repo.servers.byName('beta two'))?.id).toBe('0000000b');
    const userId = await repo.users.insert({ username: 'holder2', email: 'holder2@example.com', passwordHash: 'h' });
    await repo.permissions.replace(userId, '0000000b', ['server.view', 'server.start']);
    await repo.servers.delete('0000000b');
    expect(await repo.servers.byId('0000000b')).toBeUndefined();
    expect(await repo.permissions.serverScopes(userId, '0000000b')).toEqual([]);
  });

  it('saves templates, overwriting the same id, and keeps long definitions whole', async () => {
    const big = JSON.stringify({ run: { command: 'x' }, readme: 'r'.repeat(100_000) });
    await repo.templates.save({ id: 'paper', name: 'paper', display: 'Paper', type: 'minecraft', definition: '{}' });
    await repo.templates.save({ id: 'paper', name: 'paper', display: 'Paper 2', type: 'minecraft', definition: big });
    expect(await repo.templates.list()).toEqual([{ id: 'paper', name: 'paper', display: 'Paper 2', type: 'minecraft' }]);
    expect((await repo.templates.byId('paper'))?.definition).toBe(big);
    expect(await repo.templates.delete('paper')).toBe(true);
    expect(await repo.templates.delete('paper')).toBe(false);
  });
});
