import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

type Event = { type: string; data: { logs?: string[]; running?: boolean; code?: string } };
const patience = { timeout: 15_000, interval: 20 };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('OAuth2 clients', () => {
  let t: NodeTestApp;
  let id: string;
  let other: string;
  let host: string;
  let operator: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'oauth target');
    other = await createTestServer(t.app, t.admin, t.localNodeId, 'oauth other');
    operator = await createServerUser(t.app, id, { viewServer: true, startServer: true, stopServer: true, viewServerConsole: true, viewServerFiles: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    await t.close();
  });

  async function createClient(user: TestUser, serverId?: string): Promise<{ client_id: string; client_secret: string }> {
    const url = serverId ? `/api/servers/${serverId}/oauth2` : '/api/self/oauth2';
    const res = await t.app.inject({ method: 'POST', url, headers: user.headers, payload: { name: 'bot', description: 'a script' } });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** What a script does: a form post, no cookie, no Origin. */
  function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`http://${host}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form(fields) });
  }

  async function token(client: { client_id: string; client_secret: string }): Promise<Record<string, string>> {
    const res = await tokenRequest({ grant_type: 'client_credentials', ...client });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    return { authorization: `Bearer ${body.access_token}` };
  }

  function openSocket(serverId: string, headers: Record<string, string>) {
    const ws = new WebSocket(`ws://${host}/proxy/daemon/socket/${serverId}`, { headers });
    const events: Event[] = [];
    ws.on('error', () => {}); // a refused upgrade is reported through `status`
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const status = new Promise<number>((resolve) => {
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
    });
    return { ws, events, closed, status };
  }

  it('lets a script with an account client start a server, read its console over the socket and list its files', async () => {
    const client = await createClient(operator);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/self/oauth2', headers: operator.headers })).json();
    expect(listed).toEqual([{ client_id: client.client_id, name: 'bot', description: 'a script' }]);
    expect(JSON.stringify(listed)).not.toContain(client.client_secret);

    const bearer = await token(client);
    // A script finds its servers first: the owner's, as the owner would see them.
    const list = await fetch(`http://${host}/api/servers`, { headers: bearer });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { servers: { id: string }[] }).servers.map((server) => server.id)).toEqual([id]);
    const conn = openSocket(id, bearer);
    try {
      expect(await conn.status).toBe(101);
      const start = await fetch(`http://${host}/proxy/daemon/server/${id}/start?wait=true`, { method: 'POST', headers: bearer });
      expect(start.status).toBe(204);
      await vi.waitUntil(() => conn.events.some((e) => e.type === 'console' && e.data.logs!.join('').includes('ready')), patience);
      const files = await fetch(`http://${host}/proxy/daemon/server/${id}/file/`, { headers: bearer });
      expect(files.status).toBe(200);
      expect(Array.isArray(await files.json())).toBe(true);
      // Only what the owner holds: no install on this server, nothing on the other.
      expect((await fetch(`http://${host}/proxy/daemon/server/${id}/install`, { method: 'POST', headers: bearer })).status).toBe(403);
      expect((await fetch(`http://${host}/proxy/daemon/server/${other}/status`, { headers: bearer })).status).toBe(403);
    } finally {
      conn.ws.close();
      await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    }
  });

  it('keeps a server client to its server and away from panel routes, even for an admin', async () => {
    const client = await createClient(t.admin, id);
    expect((await t.app.inject({ method: 'GET', url: `/api/servers/${id}/oauth2`, headers: t.admin.headers })).json()).toEqual([
      { client_id: client.client_id, name: 'bot', description: 'a script' },
    ]);
    const bearer = await token(client);
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: bearer })).statusCode).toBe(200);
    // Every per-server permission of its admin owner, but not admin itself (no run flags, no reload).
    const detail = (await t.app.inject({ method: 'GET', url: `/api/servers/${id}?perms`, headers: bearer })).json();
    expect(detail.permissions).toMatchObject({ admin: false, startServer: true, viewServerConsole: true });
    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/reload`, headers: bearer })).statusCode).toBe(403);
    for (const url of [`/proxy/daemon/server/${other}/status`, '/api/nodes', '/api/templates', '/api/self', `/api/servers/${id}/oauth2`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('ErrMissingScope');
    }
    expect((await openSocket(other, bearer).status)).toBe(403);
    // A client cannot make clients (that would outlive its own deletion).
    expect((await t.app.inject({ method: 'POST', url: `/api/servers/${id}/oauth2`, headers: bearer, payload: {} })).statusCode).toBe(403);
  });

  it('signs out only the client when its token logs out: its owner stays signed in', async () => {
    const client = await createClient(operator);
    const bearer = await token(client);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: operator.headers })).statusCode).toBe(200);
  });

  it('stops a deleted client\'s tokens at once, closing its sockets', async () => {
    const client = await createClient(operator, id);
    const bearer = await token(client);
    const conn = openSocket(id, bearer);
    expect(await conn.status).toBe(101);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/oauth2/${client.client_id}`, headers: operator.headers });
    expect(del.statusCode).toBe(204);
    expect(await conn.closed).toBe(4001);
    const refused = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect((await tokenRequest({ grant_type: 'client_credentials', ...client })).status).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/oauth2/${client.client_id}`, headers: operator.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ErrClientNotFound');
  });

  it('stops a token when its owner loses the permission, closing its sockets', async () => {
    const owner = await createServerUser(t.app, id, { viewServer: true, viewServerConsole: true });
    const bearer = await token(await createClient(owner));
    const conn = openSocket(id, bearer);
    expect(await conn.status).toBe(101);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/user/${owner.id}`, headers: t.admin.headers })).statusCode).toBe(204);
    expect(await conn.closed).toBe(4001);
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: bearer })).statusCode).toBe(403);
  });

  it('removes a server\'s clients and their tokens with the server', async () => {
    const doomed = await createTestServer(t.app, t.admin, t.localNodeId, 'oauth doomed');
    const client = await createClient(t.admin, doomed);
    const bearer = await token(client);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${doomed}`, headers: t.admin.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${doomed}/status`, headers: bearer })).statusCode).toBe(401);
    expect(await t.app.panel.repo.oauthClients.byId(client.client_id)).toBeUndefined();
  });

  it('answers each bad token request with its OAuth2 error', async () => {
    const client = await createClient(operator);
    const cases: [Record<string, string>, Record<string, string>, number, string][] = [
      [{ grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'wrong' }, {}, 401, 'invalid_client'],
      [{ grant_type: 'client_credentials', client_id: 'nobody', client_secret: client.client_secret }, {}, 401, 'invalid_client'],
      [{ grant_type: 'password', ...client }, {}, 400, 'unsupported_grant_type'],
      [{ client_id: client.client_id, client_secret: client.client_secret }, {}, 400, 'invalid_request'],
      [{ grant_type: 'client_credentials', client_id: client.client_id }, {}, 400, 'invalid_request'],
      [{ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${client.client_id}:nope`).toString('base64')}` }, 401, 'invalid_client'],
    ];
    for (const [fields, headers, status, error] of cases) {
      const res = await tokenRequest(fields, headers);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error, JSON.stringify(fields)).toBe(error);
      expect(body.error_description).toBeTruthy();
    }
    // HTTP Basic with the right secret works, and another site's page gets nothing it could use a cookie for.
    const basic = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`, origin: 'https://elsewhere.example' });
    expect(basic.status).toBe(200);
  });

  it('refuses wrong secrets past the budget of the client and address with 429 slow_down', async () => {
    const client = await createClient(operator);
    let last: Response | undefined;
    for (let i = 0; i < 31; i += 1) last = await tokenRequest({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'wrong' });
    expect(last!.status).toBe(429);
    expect(((await last!.json()) as { error: string }).error).toBe('slow_down');
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });

  it('counts wrong secrets per client and address: a guesser elsewhere does not lock the client out, and a right secret is not charged', async () => {
    const client = await createClient(operator);
    const ask = (secret: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/oauth2/token', remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: secret }) });
    const guesses = [];
    for (let i = 0; i < 31; i++) guesses.push(await ask(`guess ${i}`, '198.51.100.70'));
    expect(guesses.at(-1)!.statusCode).toBe(429);
    expect(guesses.at(-1)!.json().error).toBe('slow_down');
    // The script, from its own address, still gets its token, as often as it asks.
    for (let i = 0; i < 40; i++) {
      const res = await ask(client.client_secret, '198.51.100.71');
      expect(res.statusCode, `request ${i}`).toBe(200);
    }
  });

  it('answers slow_down, never a server error, when too many secret checks wait at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ grant_type: 'client_credentials', client_id: `flood${i}`, client_secret: 'x' }) }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((res) => res.json().error === 'slow_down' && res.headers['retry-after'])).toBe(true);
  });

  it('documents the token endpoint and the scope of each route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json();
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth2/token');
    expect(doc.paths['/oauth2/token'].post.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
    expect(doc.paths['/proxy/daemon/server/{id}/start'].post.security).toContainEqual({ oauth2: ['server.start'] });
    expect(doc.paths['/api/nodes'].get.security).toContainEqual({ oauth2: ['nodes.view'] });
    expect(doc.paths['/api/self/oauth2'].get.security).not.toContainEqual(expect.objectContaining({ oauth2: expect.anything() }));
    expect(doc.paths['/api/config'].get.security).toEqual([]);
  });
});
