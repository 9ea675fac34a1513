import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { Scopes, type ActivityEntry } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

/** The activity routes and the events the real actions emit, over raw HTTP as a third-party client calls. */
describe('activity', () => {
  let t: NodeTestApp;
  let root: string;
  let id: string;
  let operator: TestUser;
  let watcher: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'activity test');
    operator = await createServerUser(t.app, id, { sendServerConsole: true, startServer: true, stopServer: true, viewServerFiles: true, putServerFiles: true, viewServerConsole: true });
    watcher = await createServerUser(t.app, id, { viewServerActivity: true });
    outsider = await createSignedInUser(t.app, []);
  }, 30_000);
  afterAll(() => t.close());

  const call = async (path: string, who?: TestUser, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${root}${path}`, { method: init.method ?? 'GET', headers: { ...(who ? who.headers : {}), ...init.headers }, body: init.body });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const serverActivity = async (query = '', who: TestUser = t.admin): Promise<ActivityEntry[]> => {
    const res = await call(`/api/servers/${id}/activity${query}`, who);
    expect(res.status).toBe(200);
    return res.json.activity;
  };

  it('records sign-ins and failed sign-ins once each, with the client address, on the account they concern', async () => {
    const user = await createSignedInUser(t.app, []);
    expect((await call('/auth/login', undefined, { method: 'POST', ...json({ email: user.email, password: 'wrong password!' }) })).status).toBe(400);
    expect((await call('/auth/login', undefined, { method: 'POST', ...json({ email: user.email, password: user.password }) })).status).toBe(200);
    const own = await call('/api/self/activity', user);
    expect(own.status).toBe(200);
    expect(own.json.activity).toMatchObject([
      { event: 'auth.login', actor: { type: 'user', id: String(user.id), name: user.username }, ip: '127.0.0.1', server: null, data: { method: 'password' } },
      { event: 'auth.login.failed', actor: { type: 'user', id: String(user.id) }, ip: '127.0.0.1', data: { reason: 'ErrInvalidCredentials' } },
    ]);
    expect(own.json.paging).toEqual({ page: 1, limit: 25, total: 2 });
    // Nobody else's entries reach one's own list.
    expect((await call('/api/self/activity', outsider)).json.activity).toEqual([]);
  });

  it('records power actions, console commands and file changes (written, archived, deleted, extracted, uploaded) over HTTP and the live connection, each once, with its actor', async () => {
    const proxy = `/proxy/daemon/server/${id}`;
    expect((await call(`${proxy}/start?wait=true`, operator, { method: 'POST' })).status).toBe(204);
    expect((await call(`${proxy}/console`, operator, { method: 'POST', ...json({ command: 'say hi' }) })).status).toBe(204);
    expect((await call(`${proxy}/file/notes.txt`, operator, { method: 'PUT', body: 'hello', headers: { 'content-type': 'text/plain' } })).status).toBe(204);
    expect((await call(`${proxy}/archive/all.zip`, operator, { method: 'POST', ...json(['notes.txt']) })).status).toBe(204);
    expect((await call(`${proxy}/file/notes.txt`, operator, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${proxy}/extract/all.zip?destination=unpacked`, operator)).status).toBe(204);
    const form = new FormData();
    form.append('file', new Blob(['uploaded text']), 'up.txt');
    const uploaded = await fetch(`${root}${proxy}/file/up.txt`, { method: 'PUT', headers: operator.headers, body: form });
    expect(uploaded.status).toBe(204);
    expect((await call(`${proxy}/restart?wait=true`, operator, { method: 'POST' })).status).toBe(204);

    const socket = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${id}`, { headers: operator.headers });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'console', data: { command: 'over the socket' } }));
    socket.send(JSON.stringify({ type: 'stat' }));
    socket.send(JSON.stringify({ type: 'kill' }));
    await expect.poll(async () => (await serverActivity('?event=server.killed')).length, { timeout: 10_000 }).toBe(1);
    socket.close();

    const actor = { type: 'user', id: String(operator.id), name: operator.username };
    const entries = await serverActivity(`?limit=100&actor=${operator.id}`);
    expect(entries.map((e) => e.event).reverse()).toEqual([
      'server.started',
      'server.console.command',
      'server.file.written',
      'server.file.archived',
      'server.file.deleted',
      'server.file.extracted',
      'server.file.uploaded',
      'server.restarted',
      'server.console.command',
      'server.killed',
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ actor, ip: '127.0.0.1', server: id });
    expect(entries.filter((e) => e.event === 'server.console.command').map((e) => e.data.command)).toEqual(['over the socket', 'say hi']);
    expect(entries.find((e) => e.event === 'server.file.archived')?.data).toEqual({ paths: ['notes.txt'], destination: 'all.zip' });
    expect(entries.find((e) => e.event === 'server.file.extracted')?.data).toEqual({ path: 'all.zip', destination: 'unpacked' });
    expect(entries.find((e) => e.event === 'server.file.uploaded')?.data).toEqual({ path: 'up.txt' });
  });

  it('records file changes over the live connection, and an OAuth2 client as the actor by its name', async () => {
    const socket = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${id}`, { headers: operator.headers });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'file', data: { action: 'create', path: 'made-over-socket' } }));
    socket.send(JSON.stringify({ type: 'file', data: { action: 'delete', path: 'made-over-socket' } }));
    socket.send(JSON.stringify({ type: 'file', data: { path: '/' } }));
    await expect.poll(async () => (await serverActivity(`?event=server.file&actor=${operator.id}`)).filter((e) => e.data.path === 'made-over-socket').length, { timeout: 10_000 }).toBe(2);
    socket.close();

    const created = await call('/api/self/oauth2', operator, { method: 'POST', ...json({ name: 'my script' }) });
    expect(created.status).toBe(200);
    const tokenRes = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: created.json.client_id, client_secret: created.json.client_secret }).toString(),
    });
    const bearer = { authorization: `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}` };
    const sent = await fetch(`${root}/proxy/daemon/server/${id}/console`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ command: 'from a script' }) });
    expect(sent.status).toBe(204);
    const [entry] = await serverActivity(`?actor=${created.json.client_id}`);
    expect(entry).toMatchObject({ event: 'server.console.command', actor: { type: 'client', id: created.json.client_id, name: 'my script' }, data: { command: 'from a script' } });
  });

  it('filters by event group and actor, and pages', async () => {
    expect((await serverActivity(`?event=server.file&actor=${operator.id}`)).map((e) => e.event)).toEqual([
      'server.file.deleted',
      'server.file.written',
      'server.file.uploaded',
      'server.file.extracted',
      'server.file.deleted',
      'server.file.archived',
      'server.file.written',
    ]);
    expect((await serverActivity(`?actor=${t.admin.id}`)).map((e) => e.event)).toEqual(['server.created']);
    const page = await call(`/api/servers/${id}/activity?limit=2&page=2&actor=${operator.id}`, watcher);
    expect(page.json.paging).toEqual({ page: 2, limit: 2, total: 12 });
    expect(page.json.activity.map((e: ActivityEntry) => e.event)).toEqual(['server.killed', 'server.console.command']);
    const all = await call(`/api/activity?server=${id}&user=${operator.id}&event=server.console.command`, t.admin);
    expect(all.json.activity).toHaveLength(2);
  });

  it('lets only holders of viewServerActivity read a server\'s, and only activity.view holders read everyone\'s', async () => {
    expect((await call(`/api/servers/${id}/activity`, outsider)).status).toBe(403);
    expect((await call(`/api/servers/${id}/activity`, operator)).status).toBe(403);
    expect((await call(`/api/servers/${id}/activity`, watcher)).status).toBe(200);
    expect((await call(`/api/servers/${id}/activity`)).status).toBe(401);
    expect((await call('/api/activity', watcher)).status).toBe(403);
    expect((await call('/api/activity', operator)).status).toBe(403);
    const viewer = await createSignedInUser(t.app, [Scopes.ActivityView]);
    const everyone = await call('/api/activity?limit=100', viewer);
    expect(everyone.status).toBe(200);
    expect(everyone.json.activity.some((e: ActivityEntry) => e.event === 'auth.login')).toBe(true);
    expect((await call('/api/self/activity')).status).toBe(401);
    expect((await call('/api/activity?limit=1000', viewer)).status).toBe(400);
  });
});
