import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyNodeToken } from './authorize.js';
import { Scopes, isScopeNeed, serverActionScopes } from '@outpost/shared';
import type { RouteOptions } from 'fastify';
import { signNodeToken } from '../auth/nodeToken.js';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';

const id = 'c0ffee00';
let open: Awaited<ReturnType<typeof openTestDaemon>>;
let app: FastifyInstance;
let base: string;

function token(over: Partial<{ node: string; server: string; scopes: string[]; exp: number; secret: string }> = {}): string {
  return signNodeToken(over.secret ?? 'test-secret', {
    node: over.node ?? 'node-1',
    user: 'u1',
    server: over.server ?? id,
    scopes: over.scopes ?? [Scopes.ServersAdmin],
    exp: over.exp ?? Math.floor(Date.now() / 1000) + 60,
  });
}

async function call(method: string, path: string, tok: string | undefined, body?: string | FormData, type?: string) {
  const headers: Record<string, string> = {};
  if (tok) headers.authorization = `Bearer ${tok}`;
  if (type) headers['content-type'] = type;
  const response = await fetch(`${base}/daemon/server/${id}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  open = await openTestDaemon();
  app = Fastify();
  await app.register(open.daemon.routes);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  await open.daemon.servers.create(id, fakeDefinition());
});
afterAll(async () => {
  await app.close();
  await open.cleanup();
});

describe('daemon API tokens', () => {
  it('refuses a missing token, a wrong secret and an expired token with 401 ErrTokenInvalid', async () => {
    for (const tok of [undefined, token({ secret: 'wrong' }), token({ exp: Math.floor(Date.now() / 1000) - 1 }), 'garbage']) {
      const { status, body } = await call('GET', '/status', tok);
      expect(status).toBe(401);
      expect(body.error.code).toBe('ErrTokenInvalid');
    }
  });

  it('refuses a token for another server or node with 403 ErrNoPermission', async () => {
    expect((await call('GET', '/status', token({ server: 'deadbeef' }))).body.error.code).toBe('ErrNoPermission');
    const other = await call('GET', '/status', token({ node: 'node-2' }));
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('ErrNoPermission');
  });

  it('refuses a token without the route scope with 403 ErrMissingScope', async () => {
    const { status, body } = await call('POST', '/start?wait', token({ scopes: [Scopes.ServerView] }));
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'ErrMissingScope', msg: expect.any(String), metadata: { scope: Scopes.ServerStart }, reason: 'ErrMissingScope' } });
    expect((await call('GET', '/status', token({ scopes: [Scopes.ServerView] }))).body).toEqual({ running: false, installing: false });
  });

  it('refuses a socket with a bad token before the upgrade', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/daemon/socket/${id}?token=${token({ secret: 'wrong' })}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});

describe('daemon API behaviour', () => {
  it('answers 202 at once without wait and 204 after the action with it; console takes plain text', async () => {
    expect((await call('POST', '/start', token())).status).toBe(202);
    await waitFor(() => open.daemon.servers.get(id).running);
    expect((await call('POST', '/console', token(), 'echo plain text', 'text/plain')).status).toBe(204);
    await waitFor(async () => (await call('GET', '/console', token())).body.logs.join('').includes('echo: plain text'));
    const stats = await call('GET', '/stats', token());
    expect(stats.body).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number), limits: {} });
    expect((await call('POST', '/stop?wait=true', token())).status).toBe(204);
    expect((await call('GET', '/status', token())).body).toEqual({ running: false, installing: false });
  });

  it('uploads the multipart field file, and makes a folder with ?folder', async () => {
    const form = new FormData();
    form.append('file', new Blob(['uploaded contents']), 'notes.txt');
    expect((await call('PUT', '/file/notes.txt', token(), form)).status).toBe(204);
    expect((await call('PUT', '/file/plugins?folder', token())).status).toBe(204);
    const listing = await call('GET', '/file/', token());
    expect(listing.body.files.map((f: { name: string }) => f.name).sort()).toEqual(['notes.txt', 'plugins']);
    const download = await fetch(`${base}/daemon/server/${id}/file/notes.txt`, { headers: { authorization: `Bearer ${token()}` } });
    expect(await download.text()).toBe('uploaded contents');
  });

  it('refuses a raw path that climbs out of the server folder', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/daemon/server/${id}/file/..%2F..%2F..%2Fetc%2Fpasswd`, { headers: { authorization: `Bearer ${token()}` } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.reason).toBe('ErrPathOutsideServer');
  });

  // What a call answers either way is held by the NodeClient suite (client/nodeClient.test.ts); here, what only HTTP can send.
  it('answers a body that is not JSON with 400 ErrInvalidJson', async () => {
    const bad = await call('POST', '/definition', token(), '{not json', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('ErrInvalidJson');
  });

  it('checks input against the shared schemas and answers what NodeApi answers in-process', async () => {
    // Without a body, or with the wrong shape: the input NodeApi would name, never coerced into an empty command.
    expect((await call('POST', '/console', token())).body.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'command' } });
    expect((await call('POST', '/console', token(), 'null', 'application/json')).body.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'command' } });
    expect((await call('POST', '/archive/a.zip', token(), '', 'application/json')).status).toBe(400);
    expect((await call('POST', '/archive/a.zip', token(), '[{}]', 'application/json')).body.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'paths' } });
    expect((await call('POST', '/data', token(), '{"data":"x"}', 'application/json')).body.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'data' } });
    expect((await call('POST', '/console', token(), 'x'.repeat(65537), 'text/plain')).body.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'command' } });
    // A definition goes to readDefinition whole, which names it.
    expect((await call('POST', '/definition', token(), '"text"', 'application/json')).body.error).toMatchObject({ code: 'ErrInvalidJson', metadata: { field: 'definition' } });
    // A docker port binding binds to an address: a host name is refused as the spec's "valid IP" rule.
    const named = JSON.stringify(fakeDefinition({}, { environment: { type: 'docker', portBindings: ['mc.example.com:25565:25565/tcp'] } }));
    expect((await call('POST', '/definition', token(), named, 'application/json')).body.error).toMatchObject({ code: 'ErrFieldIsInvalidIP', metadata: { field: 'environment.portBindings' } });
    // An id that is no server id is a server this node does not have.
    const bad = await fetch(`${base}/daemon/server/NOT-AN-ID/status`, { headers: { authorization: `Bearer ${token({ server: 'NOT-AN-ID' })}` } });
    expect([bad.status, (await bad.json()).error]).toEqual([404, expect.objectContaining({ reason: 'ErrNotFound', metadata: { id: 'NOT-AN-ID' } })]);
    // What older clients send still works: a lone path to archive, a console time that is no number.
    expect((await call('PUT', '/file/lone.txt', token(), 'x', 'application/octet-stream')).status).toBe(204);
    expect((await call('POST', '/archive/lone.zip', token(), '"lone.txt"', 'application/json')).status).toBe(204);
    expect((await call('GET', '/file/', token())).body.files.map((f: { name: string }) => f.name)).toContain('lone.zip');
    expect((await call('GET', '/console?time=soon', token())).body).toEqual({ logs: expect.any(Array), epoch: expect.any(Number) });
  });
});


describe('daemon route table', () => {
  it('has every route declare a scope from the table, seen by a hook of our own', async () => {
    const seen: RouteOptions[] = [];
    const table = Fastify();
    table.addHook('onRoute', (route) => void seen.push(route));
    await table.register(open.daemon.routes);
    await table.ready();
    try {
      expect(seen.length).toBeGreaterThan(20);
      // Only the SFTP-ending routes (NodeApi's endSftpSessions decides), the narrowing of a user's tasks
      // (restrictTasks decides), the node's health answer and the sessions socket (each session brings
      // its own token, checked as the socket route checks it) let any token through; so does the
      // node's event journal, its stats samples and the list readings, whose NodeApi calls answer the panel's own token only.
      const anyToken = (url: string) =>
        url.endsWith('/sftp') || url === '/daemon/tasks/restrict' || ['/daemon/node', '/daemon/node/events', '/daemon/node/samples', '/daemon/node/live', '/daemon/sessions'].includes(url);
      for (const route of seen) {
        const declared = route.config?.scope;
        expect(declared === AnyNodeToken ? anyToken(route.url) : isScopeNeed(declared), `${route.method} ${route.url}`).toBe(true);
      }
      const scopeOf = (method: string, url: string) => seen.find((r) => r.method === method && r.url === url)?.config?.scope;
      expect(scopeOf('POST', '/daemon/server/:id/restart')).toEqual(serverActionScopes.restart);
      expect(scopeOf('DELETE', '/daemon/server/:id')).toEqual(serverActionScopes.delete);
    } finally {
      await table.close();
    }
  });

  it('refuses to start with a route that names no scope or an unknown one', async () => {
    for (const config of [undefined, { scope: 'server.strat' }, { scope: { anyOf: [] } }]) {
      const broken = Fastify();
      await broken.register(async (child) => {
        await open.daemon.routes(child);
        child.get('/daemon/server/:id/forgotten', { config: config as never }, async () => 'oops');
      }).ready().then(
        () => expect.unreachable(`started with ${JSON.stringify(config)}`),
        (error: Error) => expect(error.message).toMatch(/GET \/daemon\/server\/:id\/forgotten names no scope/),
      ).finally(() => broken.close());
    }
  });
});
