import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { repositories, type Repositories } from './repositories.js';
import type { Database } from './schema.js';

describe.each(testDialects())('OAuth2 clients on %s', (dialect) => {
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

  const client = (clientId: string, userId: number, serverId: string | null) => ({ clientId, secretHash: 'h', userId, serverId, name: clientId, description: '' });

  it('lists account and server clients apart, and deletes a client with its tokens only', async () => {
    const id = await repo.users.insert({ username: 'client_owner', email: 'owner@example.com', passwordHash: 'h' });
    await repo.oauthClients.insert(client('account1', id, null));
    await repo.oauthClients.insert(client('server1', id, 'abcdef01'));
    expect((await repo.oauthClients.list(id, null)).map((c) => c.clientId)).toEqual(['account1']);
    expect((await repo.oauthClients.list(id, 'abcdef01')).map((c) => c.clientId)).toEqual(['server1']);
    await repo.sessions.insert('d'.repeat(64), id, Date.now() + 1000, 'account1');
    await repo.sessions.insert('e'.repeat(64), id, Date.now() + 1000);
    expect(await repo.sessions.byHash('d'.repeat(64))).toMatchObject({ userId: id, clientId: 'account1' });
    expect(await repo.oauthClients.delete('account1')).toEqual(['d'.repeat(64)]);
    expect(await repo.oauthClients.byId('account1')).toBeUndefined();
    expect(await repo.sessions.byHash('d'.repeat(64))).toBeUndefined();
    expect(await repo.sessions.byHash('e'.repeat(64))).toMatchObject({ clientId: null });
  });

  it('removes a user\'s clients with the user', async () => {
    const id = await repo.users.insert({ username: 'client_gone', email: 'cgone@example.com', passwordHash: 'h' });
    await repo.oauthClients.insert(client('gone1', id, null));
    await repo.users.delete(id);
    expect(await repo.oauthClients.byId('gone1')).toBeUndefined();
  });
});
