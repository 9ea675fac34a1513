import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';

// The session and scopes of a request may come from memory (db/ReadCache.ts) when the database
// took no write since: these prove that every change that matters counts on the very next request.
describe('the session and scopes of each request', () => {
  let t: TestApp;
  let admin: TestUser;
  let serverId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const [node] = await t.app.panel.repo.nodes.list();
    serverId = 'cafe0001';
    await t.app.panel.repo.servers.insert({ id: serverId, name: 'cached', node_id: node.id, ip: '', port: null, type: 'test', created_at: Date.now() });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  /** Asks twice, so the second answer may come from memory. */
  const twice = async (url: string, headers: Record<string, string>) => [(await get(url, headers)).statusCode, (await get(url, headers)).statusCode];

  it('ends a session at once on logout', async () => {
    const user = await createSignedInUser(t.app, [Scopes.ServersView]);
    expect(await twice('/api/servers', user.headers)).toEqual([200, 200]);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.headers })).statusCode).toBe(204);
    const after = await get('/api/servers', user.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('ErrSessionTimedOut');
  });

  it('refuses a server the next request after its permission is taken away', async () => {
    const user = await createSignedInUser(t.app, []);
    const put = await t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/user/${encodeURIComponent(user.email)}`, headers: admin.headers, payload: { viewServerConsole: true } });
    expect(put.statusCode).toBe(204);
    expect(await twice(`/api/servers/${serverId}`, user.headers)).toEqual([200, 200]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/user/${user.id}`, headers: admin.headers })).statusCode).toBe(204);
    const after = await get(`/api/servers/${serverId}`, user.headers);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('ErrMissingScope');
  });

  it('refuses a panel route the next request after its panel scope is taken away, and allows it once given back', async () => {
    const user = await createSignedInUser(t.app, [Scopes.NodesView]);
    expect(await twice('/api/nodes', user.headers)).toEqual([200, 200]);
    await t.app.panel.repo.permissions.replace(user.id, null, []);
    expect((await get('/api/nodes', user.headers)).statusCode).toBe(403);
    await t.app.panel.repo.permissions.replace(user.id, null, [Scopes.NodesView]);
    expect((await get('/api/nodes', user.headers)).statusCode).toBe(200);
  });

  it('ends the sessions of a deleted user at once', async () => {
    const user = await createSignedInUser(t.app, [Scopes.ServersView]);
    expect(await twice('/api/servers', user.headers)).toEqual([200, 200]);
    await t.app.panel.repo.users.delete(user.id);
    expect((await get('/api/servers', user.headers)).statusCode).toBe(401);
  });

  it('lists a renamed server under its new name, and no longer a server whose permission was taken, on the next request', async () => {
    const user = await createSignedInUser(t.app, []);
    const share = (payload: Record<string, boolean>) =>
      t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/user/${encodeURIComponent(user.email)}`, headers: admin.headers, payload });
    expect((await share({ viewServerConsole: true })).statusCode).toBe(204);
    const names = async () => ((await get('/api/servers', user.headers)).json().servers as { name: string }[]).map((s) => s.name);
    expect(await names()).toEqual(['cached']);
    expect(await names()).toEqual(['cached']);
    // The panel's write of a rename (this server's node is not running, so not through the route, which tells the node too).
    await t.app.panel.repo.servers.rename(serverId, 'renamed');
    expect(await names()).toEqual(['renamed']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/user/${user.id}`, headers: admin.headers })).statusCode).toBe(204);
    expect(await names()).toEqual([]);
    await t.app.panel.repo.servers.rename(serverId, 'cached');
  });

  it("ends a client's token at once when the client is deleted", async () => {
    const user = await createSignedInUser(t.app, [Scopes.ServersView]);
    const created = await t.app.inject({ method: 'POST', url: '/api/self/oauth2', headers: user.headers, payload: { name: 'script' } });
    const { client_id, client_secret } = created.json();
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    const bearer = { authorization: `Bearer ${token.json().access_token}` };
    expect(await twice('/api/servers', bearer)).toEqual([200, 200]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/self/oauth2/${client_id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await get('/api/servers', bearer)).statusCode).toBe(401);
  });
});
