import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

/** How long a poll for what the node does may take: starts and answers are slower on a loaded machine. */
const patience = { timeout: 10_000 };

function multipart(field: string, name: string, content: string) {
  const boundary = '----outposttest';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('/proxy/daemon/server/{id}', () => {
  let t: NodeTestApp;
  let id: string;
  let consoleOnly: TestUser;
  let operator: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'proxy test');
    consoleOnly = await createServerUser(t.app, id, { viewServerConsole: true });
    operator = await createServerUser(t.app, id, {
      viewServerConsole: true, sendServerConsole: true, startServer: true, stopServer: true, viewServerStats: true,
      viewServerFiles: true, putServerFiles: true, editServerData: true, installServer: true,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: TestUser, extra: { payload?: unknown; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method, url: `/proxy/daemon/server/${id}${path}`, headers: { ...(user?.headers ?? {}), ...extra.headers }, payload: extra.payload as string });

  it('writes, lists, downloads and deletes files with the file permissions, and refuses without them', async () => {
    const upload = multipart('file', 'hello.txt', 'hello world');
    expect((await call('PUT', '/file/hello.txt', consoleOnly, upload)).statusCode).toBe(403);
    expect((await call('PUT', '/file/hello.txt', operator, upload)).statusCode).toBe(204);
    expect((await call('PUT', '/file/sub?folder=true', operator)).statusCode).toBe(204);
    const listing = await call('GET', '/file/', operator);
    expect(listing.json().map((f: { name: string }) => f.name).sort()).toEqual(['hello.txt', 'sub']);
    const file = await call('GET', '/file/hello.txt', operator);
    expect(file.body).toBe('hello world');
    expect(file.headers['content-disposition']).toContain('hello.txt');
    expect((await call('GET', '/file/hello.txt', consoleOnly)).statusCode).toBe(403);
    expect((await call('POST', '/archive/all.zip', operator, { payload: ['hello.txt'] })).statusCode).toBe(204);
    expect((await call('GET', '/extract/all.zip?destination=sub', operator)).statusCode).toBe(204);
    expect((await call('GET', '/file/sub', operator)).json().map((f: { name: string }) => f.name)).toEqual(['hello.txt']);
    expect((await call('DELETE', '/file/sub', consoleOnly)).statusCode).toBe(403);
    expect((await call('DELETE', '/file/sub', operator)).statusCode).toBe(204);
    const escape = await call('GET', '/file/..%2F..%2Fetc', operator);
    expect(escape.statusCode).toBe(400);
    // A bearer client may send the contents as a raw body (PufferPanel 2's clients do).
    expect((await call('PUT', '/file/x.txt', operator, { payload: 'raw', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(204);
    expect((await call('GET', '/file/x.txt', operator)).body).toBe('raw');
  });

  it('reads and changes variables with editServerData; only admins change admin-only ones or the definition', async () => {
    expect((await call('GET', '/data', operator)).json().data.motd.value).toBe('hi');
    expect((await call('POST', '/data', operator, { payload: { data: { motd: 'changed' } } })).statusCode).toBe(204);
    expect((await call('GET', '/data', operator)).json().data.motd.value).toBe('changed');
    expect((await call('POST', '/data', operator, { payload: { data: { secret: 'x' } } })).json().error.code).toBe('ErrNoPermission');
    const twoLines = await call('POST', '/data', operator, { payload: { data: { motd: 'hi\nstop' } } });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error).toMatchObject({ reason: 'ErrInvalidVariable', metadata: { name: 'motd', expected: 'text on one line, without control characters' } });
    expect((await call('GET', '/data', operator)).json().data.motd.value).toBe('changed');
    expect((await call('GET', '/data', consoleOnly)).statusCode).toBe(403);
    expect((await call('GET', '/definition', operator)).statusCode).toBe(403);
    const definition = (await call('GET', '/definition', t.admin)).json();
    expect(definition.run.stopCode).toBe(15);
    expect((await call('POST', '/definition', t.admin, { payload: { ...definition, display: 'Changed' } })).statusCode).toBe(204);
    expect((await call('POST', '/definition', t.admin, { payload: { run: 5 } })).json().error.code).toBe('ErrInvalidJson');
    expect((await call('POST', '/reload', operator)).statusCode).toBe(403);
    expect((await call('POST', '/reload', t.admin)).statusCode).toBe(204);
  });

  // Definition writes answer every refusal as ErrInvalidJson (spec: invalid template JSON), the rule under metadata.reason.
  it('refuses a definition whose docker port binding host is no IP address with 400, ErrFieldIsInvalidIP naming the field, and keeps the old one', async () => {
    const definition = (await call('GET', '/definition', t.admin)).json();
    const withHost = (host: string) =>
      JSON.stringify({ ...definition, supportedEnvironments: [...definition.supportedEnvironments, { type: 'docker', portBindings: [`${host}:25565:25565/tcp`] }] });
    const refused = await call('POST', '/definition', t.admin, { payload: withHost('mc.example.com'), headers: { 'content-type': 'application/json' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'ErrInvalidJson', metadata: { reason: 'ErrFieldIsInvalidIP', field: 'supportedEnvironments[1].portBindings', value: 'mc.example.com:25565:25565/tcp' } });
    expect((await call('GET', '/definition', t.admin)).json().supportedEnvironments).toEqual(definition.supportedEnvironments);
    expect((await call('POST', '/definition', t.admin, { payload: withHost('0.0.0.0'), headers: { 'content-type': 'application/json' } })).statusCode).toBe(204);
  });

  it('lets a console viewer read the console but not start, send or see stats', async () => {
    expect((await call('POST', '/start', consoleOnly)).statusCode).toBe(403);
    expect((await call('POST', '/console', consoleOnly, { payload: 'hi', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(403);
    expect((await call('GET', '/stats', consoleOnly)).statusCode).toBe(403);
    expect((await call('GET', '/console', consoleOnly)).json()).toMatchObject({ logs: expect.any(Array), epoch: expect.any(Number) });
    expect((await call('GET', '/status', consoleOnly)).json()).toEqual({ running: false, installing: false });
  });

  it('starts, answers a console command, shows stats and stops for the operator', async () => {
    expect((await call('POST', '/start?wait', operator)).statusCode).toBe(204);
    await vi.waitUntil(async () => (await call('GET', '/console', consoleOnly)).json().logs.join('').includes('ready'), patience);
    expect((await call('POST', '/console', operator, { payload: 'ping', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(204);
    await vi.waitUntil(async () => (await call('GET', '/console', operator)).json().logs.join('').includes('echo:ping'), patience);
    expect((await call('GET', '/status', operator)).json()).toEqual({ running: true, installing: false });
    expect((await call('GET', '/stats', operator)).json()).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number) });
    expect((await call('POST', '/stop?wait=true', operator)).statusCode).toBe(204);
    expect((await call('GET', '/status', operator)).json()).toEqual({ running: false, installing: false });
  });

  it('answers 401 without a session and 404 for an unknown server to an admin', async () => {
    expect((await call('GET', '/status')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/proxy/daemon/server/0000ffff/status', headers: t.admin.headers });
    expect(res.statusCode).toBe(404);
  });

  describe('live connection', () => {
    function open(user: TestUser): Promise<{ ws: WebSocket; events: { type: string; data: any }[] }> {
      const ws = new WebSocket(`${base}/proxy/daemon/socket/${id}`, { headers: user.headers });
      const events: { type: string; data: any }[] = [];
      ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
      return new Promise((resolve, reject) => {
        ws.once('open', () => resolve({ ws, events }));
        ws.once('error', reject);
      });
    }

    it('refuses a connection without a session', async () => {
      const ws = new WebSocket(`${base}/proxy/daemon/socket/${id}`);
      const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      expect(status).toBe(401);
    });

    it('gives console lines to a console viewer, and a [DAEMON] line (never an error frame) when they try to start', async () => {
      const viewer = await open(consoleOnly);
      const blind = await open(await createServerUser(t.app, id, { startServer: true }));
      try {
        await vi.waitUntil(() => viewer.events.some((e) => e.type === 'status'), patience);
        viewer.ws.send(JSON.stringify({ type: 'start' }));
        await vi.waitUntil(() => viewer.events.find((e) => e.type === 'console' && e.data.logs.join('').includes('[DAEMON] You are not authorized')), patience);
        blind.ws.send(JSON.stringify({ type: 'start' }));
        await vi.waitUntil(() => viewer.events.some((e) => e.type === 'console' && e.data.logs.join('').includes('ready')), patience);
        await vi.waitUntil(() => blind.events.some((e) => e.type === 'status' && e.data.running), patience);
        blind.ws.send(JSON.stringify({ type: 'replay' }));
        // Refused without a word: the status asked for after it arrives, and no console line before it.
        const seen = blind.events.length;
        blind.ws.send(JSON.stringify({ type: 'status' }));
        await vi.waitUntil(() => blind.events.slice(seen).some((e) => e.type === 'status'), patience);
        expect(blind.events.some((e) => e.type === 'console')).toBe(false);
        viewer.ws.send('not json');
        await vi.waitUntil(() => viewer.events.find((e) => e.type === 'console' && e.data.logs.join('').includes('[DAEMON] The json data is invalid')), patience);
        expect([...viewer.events, ...blind.events].map((e) => e.type).filter((type) => !['status', 'stat', 'console', 'file'].includes(type))).toEqual([]);
      } finally {
        viewer.ws.close();
        blind.ws.close();
        await call('POST', '/kill?wait', t.admin);
      }
    });

    it('closes a user\'s connection when their permissions on the server change', async () => {
      const user = await createServerUser(t.app, id, { viewServerConsole: true });
      const conn = await open(user);
      await vi.waitUntil(() => conn.events.some((e) => e.type === 'status'), patience);
      const closed = new Promise<number>((resolve) => conn.ws.once('close', (code) => resolve(code)));
      const res = await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/user/${user.id}`, headers: t.admin.headers });
      expect(res.statusCode).toBe(204);
      expect(await closed).toBe(4001);
    });

    it('forwards file requests only with the file permissions', async () => {
      const op = await open(operator);
      const viewer = await open(consoleOnly);
      try {
        op.ws.send(JSON.stringify({ type: 'file', data: { action: 'get', path: '' } }));
        await vi.waitUntil(() => op.events.find((e) => e.type === 'file' && Array.isArray(e.data.files)), patience);
        viewer.ws.send(JSON.stringify({ type: 'file', data: { action: 'create', path: 'nope' } }));
        await vi.waitUntil(() => viewer.events.find((e) => e.type === 'console' && e.data.logs.join('').includes('[DAEMON] You are not authorized')), patience);
      } finally {
        op.ws.close();
        viewer.ws.close();
      }
    });
  });
});
