import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverPermissionFlags, type ServerPermissionFlag } from '@outpost/shared';
import { createSignedInUser, type TestUser } from '../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../test/serverFixtures.js';

/**
 * PufferPanel 3's clients (its API library, the Home Assistant integration) call a server's
 * operations under /api/servers/{id}/..., where the spec puts them under /proxy/daemon/server/{id}/...
 * Both are served, and each call here, made over raw HTTP (or a raw WebSocket) on loopback with a
 * bearer token, must answer at the PufferPanel 3 path exactly as at the spec's, refusals included.
 * The PufferPanel 3-only shapes, as decided here:
 * - GET .../flags answers {autoStart, autoRestartOnCrash, autoRestartOnGraceful}, the definition's
 *   run.autostart, run.autorecover and run.autorestart; POST .../flags sets any of them. Both need
 *   what the server Admin tab's switches need (servers.edit.admin: flagsView, flagsEdit).
 * - GET .../query: Outpost queries no game yet, so it answers what PufferPanel 3 documents for a
 *   server it cannot query, 204 with no body (HEAD too), to holders of the stats permission.
 * - POST .../console takes the command as a raw text body as well as {command}.
 * - start, stop, kill and install without ?wait answer 204, as the spec's path does.
 */
describe('a PufferPanel 3 client, at /api/servers/{id}/...', () => {
  let t: NodeTestApp;
  let root: string;
  let id: string;

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'Puffer three');
    await call(t.admin, 'PUT', url('api', '/file/motd.txt'), 'Welcome', 'text/plain');
  });
  afterAll(async () => {
    await call(t.admin, 'POST', url('proxy', '/kill?wait=true'));
    await t.close();
  });

  const url = (base: 'api' | 'proxy', path: string) => `${root}${base === 'api' ? '/api/servers' : '/proxy/daemon/server'}/${id}${path}`;
  const call = (user: TestUser, method: string, to: string, body?: string, type?: string) =>
    fetch(to, { method, headers: { ...user.headers, ...(type ? { 'content-type': type } : {}) }, body });
  const json = (user: TestUser, method: string, to: string, body: unknown) => call(user, method, to, JSON.stringify(body), 'application/json');
  /** An answer as a client reads it. */
  const seen = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), body: await res.text() });
  const both = async (user: TestUser, method: string, path: string) => [await seen(await call(user, method, url('api', path))), await seen(await call(user, method, url('proxy', path)))];
  const running = async () => ((await (await call(t.admin, 'GET', url('api', '/status'))).json()) as { running: boolean }).running;

  it('reads the same answers at both paths: status, stats, query, flags, data, definition, tasks, console, files', async () => {
    for (const path of ['/status', '/stats', '/query', '/flags', '/data', '/definition', '/tasks', '/console', '/file/', '/file/motd.txt']) {
      const [api, proxy] = await both(t.admin, 'GET', path);
      // An empty console's epoch is the time of asking; its lines are what must match.
      const lines = (answer: { body: string }) => (path === '/console' ? { ...answer, body: JSON.parse(answer.body).logs } : answer);
      expect(lines(api), path).toEqual(lines(proxy));
      expect(api.status, path).toBe(path === '/query' ? 204 : 200);
    }
    const [status, flags, motd] = await Promise.all(['/status', '/flags', '/file/motd.txt'].map((path) => call(t.admin, 'GET', url('api', path))));
    expect(await status.json()).toEqual({ running: false, installing: false });
    expect(await flags.json()).toEqual({ autoStart: false, autoRestartOnCrash: false, autoRestartOnGraceful: false });
    expect(await motd.text()).toBe('Welcome');
    const [head] = await both(t.admin, 'HEAD', '/query');
    expect(head).toMatchObject({ status: 204, body: '' });
  });

  it("sets the run flags in PufferPanel 3's names, as the definition's run section holds them", async () => {
    expect((await json(t.admin, 'POST', url('api', '/flags'), { autoRestartOnCrash: true })).status).toBe(204);
    expect((await (await call(t.admin, 'GET', url('proxy', '/definition'))).json()).run).toMatchObject({ autorecover: true });
    expect((await json(t.admin, 'POST', url('proxy', '/flags'), { autoStart: true, autoRestartOnCrash: false })).status).toBe(204);
    expect(await (await call(t.admin, 'GET', url('api', '/flags'))).json()).toEqual({ autoStart: true, autoRestartOnCrash: false, autoRestartOnGraceful: false });
    const definition = await (await call(t.admin, 'GET', url('api', '/definition'))).json();
    expect(definition.run).toMatchObject({ autostart: true, autorecover: false });
    expect(definition.run.autorestart ?? false).toBe(false);

    // A flag that is no boolean is refused alike, and changes nothing.
    const bad = [await seen(await json(t.admin, 'POST', url('api', '/flags'), { autoStart: 'sometimes' })), await seen(await json(t.admin, 'POST', url('proxy', '/flags'), { autoStart: 'sometimes' }))];
    expect(bad[0]).toEqual(bad[1]);
    expect(bad[0].status).toBe(400);
    expect((await json(t.admin, 'POST', url('api', '/flags'), { autoStart: false })).status).toBe(204);
    expect(await (await call(t.admin, 'GET', url('proxy', '/flags'))).json()).toEqual({ autoStart: false, autoRestartOnCrash: false, autoRestartOnGraceful: false });
  });

  it('changes the server alike from either path: data, definition, power, console, files', async () => {
    expect((await json(t.admin, 'POST', url('api', '/data'), { data: { motd: 'from three' } })).status).toBe(204);
    expect((await (await call(t.admin, 'GET', url('proxy', '/data'))).json()).data.motd.value).toBe('from three');

    const definition = await (await call(t.admin, 'GET', url('api', '/definition'))).json();
    expect((await json(t.admin, 'POST', url('api', '/definition'), { ...definition, type: 'three' })).status).toBe(204);
    expect((await (await call(t.admin, 'GET', url('proxy', '/definition'))).json()).type).toBe('three');

    // Start and stop without ?wait, each path once, as the Home Assistant integration posts them (a JSON {}).
    expect((await json(t.admin, 'POST', url('api', '/start'), {})).status).toBe(204);
    await vi.waitFor(async () => expect(await running()).toBe(true), { timeout: 10_000 });
    expect((await call(t.admin, 'POST', url('api', '/console'), 'raw three', 'text/plain')).status).toBe(204);
    expect((await json(t.admin, 'POST', url('api', '/console'), { command: 'json three' })).status).toBe(204);
    await vi.waitFor(async () => {
      const logs = ((await (await call(t.admin, 'GET', url('proxy', '/console'))).json()) as { logs: string[] }).logs.join('');
      expect(logs).toContain('echo:raw three');
      expect(logs).toContain('json three');
    }, { timeout: 10_000 });
    expect((await json(t.admin, 'POST', url('proxy', '/stop'), {})).status).toBe(204);
    await vi.waitFor(async () => expect(await running()).toBe(false), { timeout: 10_000 });
    expect((await call(t.admin, 'POST', url('proxy', '/start'))).status).toBe(204);
    await vi.waitFor(async () => expect(await running()).toBe(true), { timeout: 10_000 });
    expect((await call(t.admin, 'POST', url('api', '/stop'))).status).toBe(204);
    await vi.waitFor(async () => expect(await running()).toBe(false), { timeout: 10_000 });
    expect((await call(t.admin, 'POST', url('api', '/start?wait=true'))).status).toBe(204);
    expect((await call(t.admin, 'POST', url('api', '/kill?wait=true'))).status).toBe(204);
    expect(await running()).toBe(false);
    expect((await call(t.admin, 'POST', url('api', '/install?wait=true'))).status).toBe(204);

    expect((await call(t.admin, 'PUT', url('api', '/file/notes.txt'), 'written by three', 'text/plain')).status).toBe(204);
    expect(await (await call(t.admin, 'GET', url('proxy', '/file/notes.txt'))).text()).toBe('written by three');
    expect((await call(t.admin, 'DELETE', url('api', '/file/notes.txt'))).status).toBe(204);
    const names = ((await (await call(t.admin, 'GET', url('proxy', '/file/'))).json()) as Array<{ name: string }>).map((entry) => entry.name);
    expect(names).toContain('motd.txt');
    expect(names).not.toContain('notes.txt');
  });

  it('refuses each call, 403, to a caller without its permission, as the spec path does, and changes nothing', async () => {
    // What each call needs: a server permission flag, the panel's servers.edit.admin ('admin'), or
    // a place on the server at all ('view', refused to someone with none).
    const needs: Array<[string, string, ServerPermissionFlag | 'admin' | 'view', string?]> = [
      ['GET', '/status', 'view'],
      ['GET', '/stats', 'viewServerStats'],
      ['GET', '/query', 'viewServerStats'],
      ['GET', '/flags', 'admin'],
      ['POST', '/flags', 'admin', JSON.stringify({ autoStart: true })],
      ['GET', '/data', 'editServerData'],
      ['POST', '/data', 'editServerData', JSON.stringify({ data: { motd: 'refused' } })],
      ['GET', '/definition', 'admin'],
      ['POST', '/definition', 'admin', JSON.stringify({ run: { command: 'refused' } })],
      ['POST', '/start', 'startServer'],
      ['POST', '/stop', 'stopServer'],
      ['POST', '/kill', 'stopServer'],
      ['POST', '/install', 'installServer'],
      ['GET', '/console', 'viewServerConsole'],
      ['POST', '/console', 'sendServerConsole', JSON.stringify({ command: 'refused' })],
      ['GET', '/file/motd.txt', 'viewServerFiles'],
      ['PUT', '/file/motd.txt', 'putServerFiles'],
      ['DELETE', '/file/motd.txt', 'putServerFiles'],
    ];
    const stranger = await createSignedInUser(t.app, []);
    const holders = new Map<string, TestUser>();
    const lacking = async (need: string) => {
      if (need === 'view') return stranger;
      if (!holders.has(need)) holders.set(need, await createServerUser(t.app, id, Object.fromEntries(serverPermissionFlags.filter((flag) => flag !== need).map((flag) => [flag, true]))));
      return holders.get(need)!;
    };
    for (const [method, path, need, body] of needs) {
      const user = await lacking(need);
      const type = method === 'PUT' ? 'text/plain' : body ? 'application/json' : undefined;
      const api = await seen(await call(user, method, url('api', path), method === 'PUT' ? 'refused' : body, type));
      const proxy = await seen(await call(user, method, url('proxy', path), method === 'PUT' ? 'refused' : body, type));
      expect(api.status, `${method} ${path}`).toBe(403);
      expect(api, `${method} ${path}`).toEqual(proxy);
      expect(JSON.parse(api.body).error.code, `${method} ${path}`).toBe('ErrMissingScope');
    }
    expect(await running()).toBe(false);
    expect(await (await call(t.admin, 'GET', url('api', '/flags'))).json()).toEqual({ autoStart: false, autoRestartOnCrash: false, autoRestartOnGraceful: false });
    expect(await (await call(t.admin, 'GET', url('api', '/file/motd.txt'))).text()).toBe('Welcome');
    expect((await (await call(t.admin, 'GET', url('api', '/data'))).json()).data.motd.value).not.toBe('refused');
  });

  it('opens the live connection at /api/servers/{id}/socket with a bearer token, and refuses it to someone with no place there', async () => {
    const viewer = await createServerUser(t.app, id, { viewServerStats: true });
    const ws = new WebSocket(`${root.replace('http', 'ws')}/api/servers/${id}/socket`, { headers: viewer.headers });
    const messages: Array<{ type: string; data: unknown }> = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'status' }));
    ws.send(JSON.stringify({ type: 'stat' }));
    await vi.waitFor(() => expect(messages.map((m) => m.type)).toEqual(expect.arrayContaining(['status', 'stat'])), { timeout: 10_000 });
    expect(messages.find((m) => m.type === 'status')!.data).toMatchObject({ running: false });
    ws.close();

    const stranger = await createSignedInUser(t.app, []);
    const upgrade = (path: string) => new Promise<number>((resolve) => {
      const refused = new WebSocket(`${root.replace('http', 'ws')}${path}`, { headers: stranger.headers });
      refused.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      refused.once('open', () => {
        refused.close();
        resolve(101);
      });
    });
    expect(await upgrade(`/api/servers/${id}/socket`)).toBe(403);
    expect(await upgrade(`/proxy/daemon/socket/${id}`)).toBe(403);
  });

  it("serves the Home Assistant integration's calls to a server's OAuth2 client", async () => {
    const owner = await createServerUser(t.app, id, { viewServerStats: true, startServer: true, stopServer: true });
    const made = await json(owner, 'POST', `${root}/api/servers/${id}/oauth2`, { name: 'home assistant' });
    const { client_id, client_secret } = (await made.json()) as { client_id: string; client_secret: string };
    const granted = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    const script: TestUser = { ...owner, headers: { authorization: `Bearer ${((await granted.json()) as { access_token: string }).access_token}` } };

    const servers = (await (await call(script, 'GET', `${root}/api/servers`)).json()) as { servers: Array<{ id: string }> };
    expect(servers.servers.map((server) => server.id)).toEqual([id]);
    expect(await (await call(script, 'GET', url('api', '/status'))).json()).toEqual({ running: false, installing: false });
    expect(await (await call(script, 'GET', url('api', '/stats'))).json()).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number) });
    expect((await call(script, 'GET', url('api', '/query'))).status).toBe(204);
    // The owner may not edit the server's admin settings, so neither may their client.
    expect((await call(script, 'GET', url('api', '/flags'))).status).toBe(403);
    expect((await json(script, 'POST', url('api', '/start'), {})).status).toBe(204);
    await vi.waitFor(async () => expect(await running()).toBe(true), { timeout: 10_000 });
    expect((await json(script, 'POST', url('api', '/stop?wait=true'), {})).status).toBe(204);
    expect(await running()).toBe(false);
  });
});
