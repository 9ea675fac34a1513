import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { repositories, type Repositories } from './repositories.js';
import type { Database } from './schema.js';

describe.each(testDialects())('webhooks and their delivery queue on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let repo: Repositories;

  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    await migrateToLatest(db, dialect);
    repo = repositories(db);
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  const fields = { url: 'https://hooks.example.com/a', events: ['server.crashed', 'server.started'], format: 'json' as const, enabled: true };

  it('keeps panel-wide hooks apart from a server’s, and a server’s go with it', async () => {
    const nodeId = await repo.nodes.insert({ name: 'n', public_host: 'h', public_port: 1, private_host: '', private_port: 1, sftp_port: 2, secret: 's', is_local: 0 });
    await repo.servers.insert({ id: 'abcdef01', name: 'srv', node_id: nodeId, ip: '', port: null, type: 't', created_at: Date.now() });
    const panelHook = await repo.webhooks.insert(null, fields, 'a'.repeat(64));
    const serverHook = await repo.webhooks.insert('abcdef01', { ...fields, format: 'discord', enabled: false }, 'b'.repeat(64));
    expect((await repo.webhooks.list(null)).map((hook) => hook.id)).toEqual([panelHook]);
    expect(await repo.webhooks.list('abcdef01')).toEqual([{ id: serverHook, serverId: 'abcdef01', url: fields.url, events: fields.events, format: 'discord', enabled: false, secret: 'b'.repeat(64) }]);
    expect((await repo.webhooks.enabled()).map((hook) => hook.id)).toEqual([panelHook]);

    await repo.webhookDeliveries.insert({ id: 'd-server', webhookId: serverHook, event: 'server.crashed', body: '{}', createdAt: 1000 });
    await db.deleteFrom('servers').where('id', '=', 'abcdef01').execute();
    expect(await repo.webhooks.list('abcdef01')).toEqual([]);
    expect(await repo.webhookDeliveries.ofWebhook(serverHook, 10)).toEqual([]);
  });

  it('hands a due delivery to one claimer, and records attempts until it is delivered', async () => {
    const hook = await repo.webhooks.insert(null, fields, 'c'.repeat(64));
    const body = JSON.stringify({ text: 'x'.repeat(70_000) });
    await repo.webhookDeliveries.insert({ id: 'd1', webhookId: hook, event: 'server.crashed', body, createdAt: 1000 });
    await repo.webhookDeliveries.insert({ id: 'd2', webhookId: hook, event: 'server.started', body: '{}', createdAt: 2000 });
    expect((await repo.webhookDeliveries.due(1500, 10)).map((d) => d.id)).toEqual(['d1']);
    expect(await repo.webhookDeliveries.nextDue()).toBe(1000);

    const [d1] = await repo.webhookDeliveries.due(5000, 1);
    expect(d1.body).toBe(body);
    expect(await repo.webhookDeliveries.claim(d1, 9000)).toBe(true);
    // Claimed already: a second claim of the same read fails, and it is no longer due.
    expect(await repo.webhookDeliveries.claim(d1, 9000)).toBe(false);
    expect((await repo.webhookDeliveries.due(5000, 10)).map((d) => d.id)).toEqual(['d2']);

    await repo.webhookDeliveries.recordAttempt('d1', 5100, { status: 'pending', nextAttemptAt: 6000, answerCode: 503, error: 'answered 503' });
    const again = (await repo.webhookDeliveries.due(6000, 10)).find((d) => d.id === 'd1');
    expect(again).toMatchObject({ id: 'd1', attempts: 1, answerCode: 503, lastAttemptAt: 5100, nextAttemptAt: 6000 });
    await repo.webhookDeliveries.recordAttempt('d1', 6100, { status: 'delivered', nextAttemptAt: null, answerCode: 200, error: null });
    expect((await repo.webhookDeliveries.ofWebhook(hook, 10)).map((d) => [d.id, d.status, d.attempts])).toEqual([
      ['d2', 'pending', 0],
      ['d1', 'delivered', 2],
    ]);

    await repo.webhookDeliveries.deleteFinishedBefore(1500);
    expect((await repo.webhookDeliveries.ofWebhook(hook, 10)).map((d) => d.id)).toEqual(['d2']);
    expect(await repo.webhooks.delete(hook)).toBe(true);
    expect(await repo.webhookDeliveries.nextDue()).toBeUndefined();
  });
});
