import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import type { TestUser } from '../../test/factories.js';

/** What a script holding an OAuth2 client reads, over raw HTTP as a third-party client calls. */
describe('OAuth2 client tokens read what they own', () => {
  let t: NodeTestApp;
  let root: string;
  let mine: string;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    mine = await createTestServer(t.app, t.admin, t.localNodeId, 'client target');
    const alsoOwned = await createTestServer(t.app, t.admin, t.localNodeId, 'client other');
    owner = await createServerUser(t.app, mine, { viewServerConsole: true, startServer: true });
    await t.app.panel.repo.permissions.replace(owner.id, alsoOwned, ['server.view']);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function tokenOf(url: string): Promise<string> {
    const made = await fetch(`${root}${url}`, { method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'script' }) });
    const { client_id, client_secret } = (await made.json()) as { client_id: string; client_secret: string };
    const res = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const get = (token: string, path: string) => fetch(`${root}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it("a server's client lists its one server and reads it, however many its owner holds", async () => {
    const token = await tokenOf(`/api/servers/${mine}/oauth2`);
    const list = await get(token, '/api/servers');
    expect(list.status).toBe(200);
    const body = (await list.json()) as { servers: Array<{ id: string }>; paging: { total: number } };
    expect(body.servers.map((s) => s.id)).toEqual([mine]);
    expect(body.paging.total).toBe(1);
    const one = await get(token, `/api/servers/${mine}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { server: { name: string } }).server.name).toBe('client target');
    // The account stays out of its reach.
    expect((await get(token, '/api/self')).status).toBe(403);
  });

  it("an account's client reads the account, and changes nothing of it", async () => {
    const token = await tokenOf('/api/self/oauth2');
    const self = await get(token, '/api/self');
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ id: owner.id, email: owner.email });
    const change = await fetch(`${root}/api/self`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'renamed_by_script', password: owner.password }) });
    expect(change.status).toBe(403);
    expect((await t.app.panel.repo.users.byId(owner.id))?.username).toBe(owner.username);
    const list = (await (await get(token, '/api/servers')).json()) as { servers: unknown[] };
    expect(list.servers).toHaveLength(2);
  });
});
