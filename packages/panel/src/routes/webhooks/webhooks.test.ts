import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Scopes, SettingKeys, SYSTEM_ACTOR } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, echoDefinition, type NodeTestApp } from '../../test/serverFixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/testDatabase.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 that records what it is sent and answers `status`. */
async function startReceiver(port = 0) {
  const state = { received: [] as Received[], status: 204, url: '', server: undefined as Server | undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.server = server;
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return state;
}

async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sign = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const allowPrivate = (app: FastifyInstance, ranges: string) => app.panel.repo.settings.setMany({ [SettingKeys.allowPrivateTargets]: ranges });

describe('/api/webhooks and /api/servers/{id}/webhooks', () => {
  let t: NodeTestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let serverId: string;
  let otherServerId: string;
  let editor: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    // The receivers are on loopback, which the panel reaches only when allowed.
    await allowPrivate(t.app, '127.0.0.0/8');
    receiver = await startReceiver();
    serverId = await createTestServer(t.app, t.admin, t.localNodeId, 'hooked');
    otherServerId = await createTestServer(t.app, t.admin, t.localNodeId, 'other');
    editor = await createServerUser(t.app, serverId, { editServerData: true, startServer: true, stopServer: true });
    viewer = await createServerUser(t.app, serverId, { viewServerConsole: true, startServer: true });
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await closeServer(receiver?.server);
  });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('lets admins keep panel-wide hooks, answering the secret once, and refuses everyone else', async () => {
    const created = await req('POST', '/api/webhooks', t.admin, { url: receiver.url, events: ['server.crashed', 'auth.login.failed'] });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    try {
      const listed = (await req('GET', '/api/webhooks', t.admin)).json();
      expect(listed).toEqual([{ id, url: receiver.url, events: ['server.crashed', 'auth.login.failed'], format: 'json', enabled: true, server: null }]);
      expect(JSON.stringify(listed)).not.toContain(secret);
      const changed = await req('PUT', `/api/webhooks/${id}`, t.admin, { url: receiver.url, events: ['node.offline'], format: 'discord', enabled: false });
      expect(changed.json()).toMatchObject({ id, events: ['node.offline'], format: 'discord', enabled: false });
      expect(JSON.stringify((await req('GET', `/api/webhooks/${id}`, t.admin)).json())).not.toContain(secret);

      const someone = await createSignedInUser(t.app, [Scopes.SettingsEdit, Scopes.UsersEdit]);
      for (const [method, url] of [['GET', '/api/webhooks'], ['POST', '/api/webhooks'], ['GET', `/api/webhooks/${id}`], ['PUT', `/api/webhooks/${id}`], ['DELETE', `/api/webhooks/${id}`], ['GET', `/api/webhooks/${id}/deliveries`], ['POST', `/api/webhooks/${id}/test`]] as const) {
        const answer = await req(method, url, someone, method === 'POST' || method === 'PUT' ? { url: receiver.url, events: ['node.offline'] } : undefined);
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect((await req(method, url, null)).statusCode, `${method} ${url} signed out`).toBe(401);
      }
      // A server's editor reaches no panel-wide hook through their server's routes either.
      expect((await req('GET', `/api/servers/${serverId}/webhooks/${id}`, editor)).statusCode).toBe(404);
    } finally {
      expect((await req('DELETE', `/api/webhooks/${id}`, t.admin)).statusCode).toBe(204);
    }
    expect((await req('GET', `/api/webhooks/${id}`, t.admin)).statusCode).toBe(404);
  });

  it("lets a server's editors keep that server's hooks, with server events only, and nobody else", async () => {
    const base = `/api/servers/${serverId}/webhooks`;
    const created = await req('POST', base, editor, { url: receiver.url, events: ['server.started', 'server.crashed'] });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await req('GET', base, editor)).json()).toEqual([expect.objectContaining({ id, server: serverId })]);
    // Not panel-wide, and not another server's.
    expect((await req('GET', '/api/webhooks', t.admin)).json().map((hook: { id: number }) => hook.id)).not.toContain(id);
    expect((await req('GET', `/api/servers/${otherServerId}/webhooks/${id}`, t.admin)).statusCode).toBe(404);

    const panelEvent = await req('POST', base, editor, { url: receiver.url, events: ['server.started', 'auth.login'] });
    expect([panelEvent.statusCode, panelEvent.json().error.reason]).toEqual([403, 'ErrNoPermission']);
    expect((await req('POST', base, editor, { url: receiver.url, events: ['no.such.event'] })).statusCode).toBe(400);
    // Without editServerData on it: refused, on every route.
    for (const [method, url] of [['GET', base], ['POST', base], ['GET', `${base}/${id}`], ['PUT', `${base}/${id}`], ['DELETE', `${base}/${id}`], ['GET', `${base}/${id}/deliveries`], ['POST', `${base}/${id}/test`]] as const) {
      const answer = await req(method, url, viewer, method === 'POST' || method === 'PUT' ? { url: receiver.url, events: ['server.started'] } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('GET', `/api/servers/${otherServerId}/webhooks`, editor)).statusCode).toBe(403);
    expect((await req('DELETE', `${base}/${id}`, editor)).statusCode).toBe(204);
  });

  it('delivers a server started through the API within 5 s, signed with the secret', async () => {
    const { id, secret } = (await req('POST', `/api/servers/${serverId}/webhooks`, editor, { url: receiver.url, events: ['server.started'] })).json();
    receiver.received.length = 0;
    try {
      const started = Date.now();
      expect((await req('POST', `/proxy/daemon/server/${serverId}/start`, editor)).statusCode).toBe(204);
      const [got] = await waitFor(() => receiver.received, (list) => list.length > 0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(got.headers['x-outpost-event']).toBe('server.started');
      expect(got.headers['x-outpost-signature']).toBe(sign(got.body, secret));
      expect(got.headers['content-type']).toBe('application/json');
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({ delivery: got.headers['x-outpost-delivery'], webhook: id, event: 'server.started', actor: { type: 'user', name: editor.username }, server: { id: serverId, name: 'hooked' }, data: {} });
      // Another secret does not make that signature.
      expect(got.headers['x-outpost-signature']).not.toBe(sign(got.body, `${secret}x`));

      const log = await waitFor(async () => (await req('GET', `/api/servers/${serverId}/webhooks/${id}/deliveries`, editor)).json().deliveries, (list) => list[0]?.status === 'delivered');
      expect(log).toEqual([expect.objectContaining({ id: got.headers['x-outpost-delivery'], event: 'server.started', status: 'delivered', attempts: 1, answerCode: 204, error: null })]);
    } finally {
      await req('POST', `/proxy/daemon/server/${serverId}/kill`, t.admin);
      await req('DELETE', `/api/servers/${serverId}/webhooks/${id}`, editor);
    }
  });

  it("delivers a crash of the server's program within 5 s, with its last console lines", async () => {
    const crashing = { ...echoDefinition, run: { ...echoDefinition.run, command: ['node', '-e', "console.log('about to fail');setTimeout(()=>process.exit(3),300)"] } };
    const created = await t.app.inject({ method: 'POST', url: '/api/servers', headers: t.admin.headers, payload: { name: 'crashing', node: t.localNodeId, template: crashing, environment: { type: 'standard' } } });
    const crashId: string = created.json().id;
    const { id, secret } = (await req('POST', `/api/servers/${crashId}/webhooks`, t.admin, { url: receiver.url, events: ['server.crashed'] })).json();
    receiver.received.length = 0;
    try {
      expect((await req('POST', `/proxy/daemon/server/${crashId}/start`, t.admin)).statusCode).toBe(204);
      const started = Date.now();
      const [got] = await waitFor(() => receiver.received, (list) => list.length > 0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(got.headers['x-outpost-signature']).toBe(sign(got.body, secret));
      expect(JSON.parse(got.body)).toMatchObject({ event: 'server.crashed', actor: { type: 'system' }, server: { id: crashId, name: 'crashing' }, data: { exitCode: 3, lines: expect.arrayContaining([expect.stringContaining('about to fail')]) } });
    } finally {
      await req('DELETE', `/api/servers/${crashId}/webhooks/${id}`, t.admin);
    }
  });

  it("sends a discord hook Discord's webhook body: one embed with title, colour, fields and time", async () => {
    const { id } = (await req('POST', '/api/webhooks', t.admin, { url: receiver.url, events: ['server.crashed'], format: 'discord' })).json();
    receiver.received.length = 0;
    try {
      t.app.panel.activity.emit({ event: 'server.crashed', actor: SYSTEM_ACTOR, server: serverId, data: { exitCode: 1, lines: ['Exception in thread main', 'x'.repeat(5000)] } });
      const [got] = await waitFor(() => receiver.received, (list) => list.length > 0);
      const body = JSON.parse(got.body);
      expect(Object.keys(body)).toEqual(['embeds']);
      expect(body.embeds).toHaveLength(1);
      const [embed] = body.embeds;
      expect(embed).toEqual({ title: expect.stringContaining('server.crashed'), description: expect.any(String), color: expect.any(Number), fields: expect.any(Array), timestamp: expect.any(String) });
      expect(embed.title).toContain('hooked');
      expect(embed.color).toBe(0xe74c3c);
      expect(new Date(embed.timestamp).toISOString()).toBe(embed.timestamp);
      for (const field of embed.fields) {
        expect(Object.keys(field).sort()).toEqual(['inline', 'name', 'value']);
        expect(field.name.length).toBeLessThanOrEqual(256);
        expect(field.value.length).toBeLessThanOrEqual(1024);
      }
      expect(embed.fields.map((field: { name: string }) => field.name)).toEqual(['Server', 'exitCode', 'lines']);
      const total = embed.title.length + embed.description.length + embed.fields.reduce((sum: number, field: { name: string; value: string }) => sum + field.name.length + field.value.length, 0);
      expect(total).toBeLessThanOrEqual(6000);
    } finally {
      await req('DELETE', `/api/webhooks/${id}`, t.admin);
    }
  });

  it('documents the json body and its headers in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json();
    expect(Object.keys(doc.components.schemas.WebhookBody.properties).sort()).toEqual(['actor', 'data', 'delivery', 'event', 'server', 'time', 'webhook']);
    const create = doc.paths['/api/webhooks'].post;
    for (const header of ['X-Outpost-Event', 'X-Outpost-Delivery', 'X-Outpost-Signature: sha256=']) expect(create.description).toContain(header);
    expect(create.requestBody.content['application/json'].schema.properties.events.items.enum).toContain('server.crashed');
  });

  it('sends a test delivery on request, even to a hook turned off, and logs it', async () => {
    const { id, secret } = (await req('POST', '/api/webhooks', t.admin, { url: receiver.url, events: ['node.offline'], enabled: false })).json();
    receiver.received.length = 0;
    try {
      const queued = await req('POST', `/api/webhooks/${id}/test`, t.admin);
      expect(queued.statusCode).toBe(202);
      const [got] = await waitFor(() => receiver.received, (list) => list.length > 0);
      expect(got.headers['x-outpost-delivery']).toBe(queued.json().delivery);
      expect(got.headers['x-outpost-event']).toBe('webhook.test');
      expect(got.headers['x-outpost-signature']).toBe(sign(got.body, secret));
      // Turned off: events are not sent.
      t.app.panel.activity.emit({ event: 'node.offline', actor: SYSTEM_ACTOR, data: { node: 1 } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await req('DELETE', `/api/webhooks/${id}`, t.admin);
    }
  });

  describe('on private addresses', () => {
    let decoy: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      decoy = await startReceiver();
    });
    afterAll(async () => {
      await allowPrivate(t.app, '127.0.0.0/8');
      await closeServer(decoy?.server);
    });

    it('refuses a hook URL to loopback, link-local or private addresses at save unless allowed, without connecting', async () => {
      await allowPrivate(t.app, '');
      for (const url of [decoy.url, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/hook', 'http://[::1]:9/hook', 'http://[::ffff:127.0.0.1]/hook', 'http://localhost/hook']) {
        const answer = await req('POST', '/api/webhooks', t.admin, { url, events: ['node.offline'] });
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json().error, url).toMatchObject({ reason: 'ErrPrivateTarget', metadata: { field: 'url' } });
        expect(answer.json().error.msg).toContain(SettingKeys.allowPrivateTargets);
        expect((await req('POST', `/api/servers/${serverId}/webhooks`, editor, { url, events: ['server.started'] })).json().error.reason, url).toBe('ErrPrivateTarget');
      }
      for (const url of ['ftp://127.0.0.1/hook', 'file:///etc/passwd', 'http://user:pw@127.0.0.1/hook', 'not a url']) {
        expect((await req('POST', '/api/webhooks', t.admin, { url, events: ['node.offline'] })).json().error.code, url).toBe('ErrFieldIsInvalidHost');
      }
      expect(decoy.received).toHaveLength(0);
      expect((await req('GET', '/api/webhooks', t.admin)).json()).toEqual([]);
    });

    it('refuses a delivery to an address no longer allowed, and does not retry it', async () => {
      await allowPrivate(t.app, '127.0.0.1/32');
      const { id } = (await req('POST', '/api/webhooks', t.admin, { url: decoy.url, events: ['node.offline'] })).json();
      try {
        await allowPrivate(t.app, '');
        t.app.panel.activity.emit({ event: 'node.offline', actor: SYSTEM_ACTOR, data: { node: 1 } });
        const [delivery] = await waitFor(async () => (await req('GET', `/api/webhooks/${id}/deliveries`, t.admin)).json().deliveries, (list) => list[0]?.status === 'failed');
        expect(delivery).toMatchObject({ status: 'failed', attempts: 1, answerCode: null, nextAttempt: null });
        expect(delivery.error).toContain(SettingKeys.allowPrivateTargets);
        expect(decoy.received).toHaveLength(0);
      } finally {
        await req('DELETE', `/api/webhooks/${id}`, t.admin);
      }
    });
  });
});

describe('the webhook queue', () => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await closeServer(receiver?.server);
    await database.drop();
  });

  /** A panel on the test's database file, with retries 100 ms apart (doubling up to 400 ms). */
  const panel = () =>
    buildApp({
      config: { port: 0, host: '127.0.0.1', dataDir: database.config.url.replace(/\/[^/]+$/, ''), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 },
      webDist: '/nonexistent-web-dist',
      webhookTiming: { firstRetryMs: 100, maxRetryMs: 400, timeoutMs: 2000 },
    });

  it('retries a receiver that is down until it is up, across a panel restart, losing nothing', { timeout: 30_000 }, async () => {
    // The receiver's port, taken and let go: nothing listens there for now.
    receiver = await startReceiver();
    const { port } = receiver.server!.address() as AddressInfo;
    const url = receiver.url;
    await closeServer(receiver.server);

    let app = await panel();
    await app.ready();
    await allowPrivate(app, '127.0.0.0/8');
    const admin = await createSignedInUser(app, [Scopes.ServersAdmin]);
    const { id, secret } = (await app.inject({ method: 'POST', url: '/api/webhooks', headers: admin.headers, payload: { url, events: ['node.offline', 'node.online'] } })).json();
    app.panel.activity.emit({ event: 'node.offline', actor: SYSTEM_ACTOR, data: { node: 1, name: 'first' } });
    const deliveries = async () => (await app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: admin.headers })).json().deliveries;
    const [failing] = await waitFor(deliveries, (list) => list[0]?.attempts >= 2);
    expect(failing).toMatchObject({ status: 'pending', answerCode: null });
    expect(failing.error).toBeTruthy();

    // The panel stops with the delivery still pending; a second event is queued just before.
    app.panel.activity.emit({ event: 'node.online', actor: SYSTEM_ACTOR, data: { node: 1, name: 'second' } });
    await app.close();

    receiver = await startReceiver(port);
    app = await panel();
    await app.ready();
    const got = await waitFor(() => receiver!.received, (list) => list.length >= 2);
    const bodies = got.map((entry) => JSON.parse(entry.body));
    expect(bodies.map((body) => body.event).sort()).toEqual(['node.offline', 'node.online']);
    for (const entry of got) expect(entry.headers['x-outpost-signature']).toBe(sign(entry.body, secret));
    // The first delivery kept its id through every retry and the restart.
    expect(got.find((entry) => entry.headers['x-outpost-event'] === 'node.offline')!.headers['x-outpost-delivery']).toBe(failing.id);
    const log = await waitFor(deliveries, (list) => list.every((entry: { status: string }) => entry.status === 'delivered'));
    expect(log).toHaveLength(2);
    expect(log.find((entry: { id: string }) => entry.id === failing.id).attempts).toBeGreaterThanOrEqual(3);
    // Delivered once each.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(2);
    await app.close();
  });

  it('retries a receiver answering an error, and gives up after the day it is given', { timeout: 20_000 }, async () => {
    await closeServer(receiver?.server);
    receiver = await startReceiver();
    receiver.status = 500;
    const app = await buildApp({
      config: { port: 0, host: '127.0.0.1', dataDir: database.config.url.replace(/\/[^/]+$/, ''), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 },
      webDist: '/nonexistent-web-dist',
      webhookTiming: { firstRetryMs: 50, maxRetryMs: 100, giveUpAfterMs: 600, timeoutMs: 2000 },
    });
    try {
      await app.ready();
      const admin = await createSignedInUser(app, [Scopes.ServersAdmin]);
      const { id } = (await app.inject({ method: 'POST', url: '/api/webhooks', headers: admin.headers, payload: { url: receiver.url, events: ['settings.changed'] } })).json();
      app.panel.activity.emit({ event: 'settings.changed', actor: SYSTEM_ACTOR, data: { keys: ['panel.name'] } });
      const [failed] = await waitFor(async () => (await app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: admin.headers })).json().deliveries, (list) => list[0]?.status === 'failed');
      expect(failed).toMatchObject({ answerCode: 500, error: 'answered 500', nextAttempt: null });
      expect(failed.attempts).toBeGreaterThanOrEqual(3);
      expect(receiver.received.length).toBe(failed.attempts);
    } finally {
      receiver.status = 204;
      await app.close();
    }
  });
});
