import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// Calls as a third-party client of the spec makes them (panel.md section 7): raw HTTP, a bearer token.
describe('/proxy/daemon/server/{id}, as a spec client calls it', () => {
  let t: NodeTestApp;
  let id: string;
  let root: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'spec http');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/proxy/daemon/server/${id}`;
  });
  afterAll(async () => {
    await fetch(`${root}/kill?wait=true`, { method: 'POST', headers: t.admin.headers });
    await t.close();
  });

  it('serves the definition at the base path: GET reads the run flags, POST saves them', async () => {
    const read = await fetch(root, { headers: t.admin.headers });
    expect(read.status).toBe(200);
    const definition = await read.json();
    expect(definition.run.command).toEqual(expect.any(Array));
    expect(definition.run.autostart ?? false).toBe(false);

    const saved = await fetch(root, {
      method: 'POST',
      headers: { ...t.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...definition, run: { ...definition.run, autostart: true, autorecover: true } }),
    });
    expect(saved.status).toBe(204);
    const again = await (await fetch(root, { headers: t.admin.headers })).json();
    expect(again.run).toMatchObject({ autostart: true, autorecover: true });
    // The web app's path answers the same definition.
    expect((await (await fetch(`${root}/definition`, { headers: t.admin.headers })).json()).run).toMatchObject({ autostart: true });
  });

  it('takes a bare string as the console command, however it is labelled', async () => {
    expect((await fetch(`${root}/start?wait=true`, { method: 'POST', headers: t.admin.headers })).status).toBe(204);
    const bodies: Array<[string, string | undefined]> = [
      ['form one', 'application/x-www-form-urlencoded'],
      ['plain two', 'text/plain'],
      ['bytes three', 'application/octet-stream'],
      ['json four', 'application/json'],
      ['bare five', undefined],
    ];
    for (const [command, type] of bodies) {
      const res = await fetch(`${root}/console`, { method: 'POST', headers: { ...t.admin.headers, ...(type ? { 'content-type': type } : {}) }, body: command });
      expect(res.status, `${type}: ${await res.clone().text()}`).toBe(204);
    }
    expect((await fetch(`${root}/console`, { method: 'POST', headers: { ...t.admin.headers, 'content-type': 'application/json' }, body: JSON.stringify({ command: 'object six' }) })).status).toBe(204);
    await vi.waitFor(async () => {
      const logs = (await (await fetch(`${root}/console`, { headers: t.admin.headers })).json()).logs.join('');
      for (const command of ['form one', 'plain two', 'bytes three', 'json four', 'bare five', 'object six']) expect(logs).toContain(command);
    }, { timeout: 10_000 });
  });

  it('still refuses a cookie caller posting a command as anything but JSON', async () => {
    const res = await fetch(`${root}/console`, { method: 'POST', headers: { cookie: `outpost_session=${t.admin.token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'say hi' });
    expect(res.status).toBe(415);
  });
});
