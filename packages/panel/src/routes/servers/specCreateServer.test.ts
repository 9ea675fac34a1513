import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shippedAssets } from '../../shippedAssets.js';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, echoDefinition, type NodeTestApp } from '../../test/serverFixtures.js';

// POST /api/servers as a client of the spec sends it: the whole definition in API form at the top
// level, plus name, node, users and environment, and no template.
describe('POST /api/servers, as a spec client calls it', () => {
  let t: NodeTestApp;
  let root: string;
  let helper: TestUser;
  let watcher: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    helper = await createSignedInUser(t.app);
    watcher = await createSignedInUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const post = (user: TestUser, body: unknown) =>
    fetch(`${root}/api/servers`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('creates the server from the definition at the top level and gives the listed users their permissions', async () => {
    const { environment, ...apiForm } = echoDefinition;
    const res = await post(t.admin, {
      ...apiForm,
      name: 'specmade',
      node: t.localNodeId,
      environment,
      users: [helper.email, { email: watcher.email, viewServerConsole: true, viewServerStats: true }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = await res.json();
    expect(id).toEqual(expect.any(String));

    const definition = await (await fetch(`${root}/proxy/daemon/server/${id}`, { headers: t.admin.headers })).json();
    expect(definition.run.command).toEqual(echoDefinition.run.command);
    expect(definition.data.motd.value).toBe('hi');

    const users: Array<Record<string, unknown>> = await (await fetch(`${root}/api/servers/${id}/user`, { headers: t.admin.headers })).json();
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(byEmail[helper.email]).toMatchObject({ viewServerConsole: true, startServer: true, putServerFiles: true });
    expect(byEmail[watcher.email]).toMatchObject({ viewServerConsole: true, viewServerStats: true });
    expect(byEmail[watcher.email].startServer ?? false).toBe(false);
    // The watcher reads the console but cannot start the server.
    expect((await fetch(`${root}/proxy/daemon/server/${id}/console`, { headers: watcher.headers })).status).toBe(200);
    expect((await fetch(`${root}/proxy/daemon/server/${id}/start`, { method: 'POST', headers: watcher.headers })).status).toBe(403);
  });

  it('takes a shipped template with install steps as posted, `install` being its list of steps', async () => {
    const paper = JSON.parse(readFileSync(join(shippedAssets.templates, 'paper.json'), 'utf8'));
    expect(paper.install.length).toBeGreaterThan(0);
    const res = await post(t.admin, { ...paper, name: 'paper from a client', node: t.localNodeId, environment: { type: 'standard' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = await res.json();
    const definition = await (await fetch(`${root}/proxy/daemon/server/${id}/definition`, { headers: t.admin.headers })).json();
    expect(definition.install.map((step: { type: string }) => step.type)).toEqual(paper.install.map((step: { type: string }) => step.type));
    // Created, not installed: nothing was asked to run.
    expect((await (await fetch(`${root}/proxy/daemon/server/${id}/status`, { headers: t.admin.headers })).json()).installing ?? false).toBe(false);
  });

  it('installs at once when asked with ?install=true (or the older boolean install), with the definition keeping its steps', async () => {
    const { environment, ...apiForm } = echoDefinition;
    const steps = [{ type: 'writefile', target: 'installed.txt', text: 'installed' }];
    const res = await fetch(`${root}/api/servers?install=true`, {
      method: 'POST',
      headers: { ...t.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...apiForm, install: steps, name: 'installed at once', node: t.localNodeId, environment }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = await res.json();
    const file = () => fetch(`${root}/proxy/daemon/server/${id}/file/installed.txt`, { headers: t.admin.headers });
    await vi.waitUntil(async () => (await file()).status === 200, { timeout: 15_000, interval: 200 });
    expect(await (await file()).text()).toBe('installed');
  });

  it('refuses a whole definition from a creator who may only use stored templates, and an unknown user', async () => {
    const creator = await createSignedInUser(t.app, ['servers.create']);
    const { environment, ...apiForm } = echoDefinition;
    const refused = await post(creator, { ...apiForm, name: 'notallowed', node: t.localNodeId, environment });
    expect(refused.status).toBe(403);
    const unknown = await post(t.admin, { ...apiForm, name: 'nouser', node: t.localNodeId, environment, users: ['nobody@example.com'] });
    expect(unknown.status).toBe(404);
  });
});
