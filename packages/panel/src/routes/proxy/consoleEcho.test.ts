import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// The node echoes each command sent from the console (daemon commandEcho): the panel names the sender.
describe('the panel names who sent a console command (issue 35, item 5)', () => {
  let t: NodeTestApp;
  let id: string;
  let base: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'console echo');
    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/start?wait=true`, headers: t.admin.headers })).statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait=true`, headers: t.admin.headers });
    await t.close();
  });

  const consoleText = async () => ((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: t.admin.headers })).json().logs as string[]).join('');

  it('names the user on a command sent over the socket, and on one sent with POST /console', async () => {
    const guest = await createServerUser(t.app, id, { viewServerConsole: true, sendServerConsole: true });
    const ws = new WebSocket(`ws://${base}/proxy/daemon/socket/${id}`, { headers: { authorization: guest.headers.authorization } });
    let seen = '';
    ws.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as { type: string; data: { logs?: string[] } };
      if (event.type === 'console') seen += (event.data.logs ?? []).join('');
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      ws.send(JSON.stringify({ type: 'console', data: { command: 'from the socket' } }));
      await vi.waitFor(() => expect(seen).toContain('echo:from the socket'), { timeout: 10_000 });
      expect(seen).toContain(`[INPUT ${guest.username}] from the socket\n`);

      const posted = await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/console`, headers: t.admin.headers, payload: { command: 'from http' } });
      expect(posted.statusCode).toBe(204);
      await vi.waitFor(() => expect(seen).toContain('echo:from http'), { timeout: 10_000 });
      expect(seen).toContain(`[INPUT ${t.admin.username}] from http\n`);
      // Kept in the server's log, for a later replay.
      expect(await consoleText()).toContain(`[INPUT ${guest.username}] from the socket\n`);
    } finally {
      ws.close();
    }
  });
});
