import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { Scopes } from '@outpost/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

type Event = { type: string; data: Record<string, unknown> };

// Spec: "start/restart needs startServer". A restart of a running server stops it, so a holder of
// startServer alone may restart a stopped server (a start) and is refused one that runs.
describe('restart for a holder of startServer alone, as a third-party client sends it', () => {
  let t: NodeTestApp;
  let id: string;
  let base: string;
  let made = 0;
  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  // A fresh server each, so its console counts only this test's starts.
  beforeEach(async () => {
    id = await createTestServer(t.app, t.admin, t.localNodeId, `restart test ${++made}`);
  });
  afterEach(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
  });
  afterAll(() => t.close());

  const post = (action: string, authorization: string) =>
    fetch(`http://${base}/proxy/daemon/server/${id}/${action}`, { method: 'POST', headers: { authorization } });
  const running = async () => (await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: t.admin.headers })).json().running as boolean;
  const consoleText = async () => ((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: t.admin.headers })).json().logs as string[]).join('');
  const starts = async () => (await consoleText()).split('ready').length - 1;

  // Proves the program that answered before is the one still running: it echoes a line sent now.
  async function stillTheSameProgram(startsBefore: number, mark: string) {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/console`, payload: mark, headers: { ...t.admin.headers, 'content-type': 'text/plain' } });
    await vi.waitFor(async () => expect(await consoleText()).toContain(`echo:${mark}`), { timeout: 10_000 });
    expect(await running()).toBe(true);
    expect(await starts()).toBe(startsBefore);
  }

  it('starts a stopped server over HTTP, and refuses 403 ErrMissingScope (stopServer) to restart it once running, which keeps running', async () => {
    const starter = await createServerUser(t.app, id, { startServer: true });
    const first = await post('restart?wait=true', starter.headers.authorization);
    expect(first.status).toBe(204);
    await vi.waitFor(async () => expect(await starts()).toBe(1), { timeout: 10_000 });

    for (const action of ['restart', 'restart?wait=true']) {
      const refused = await post(action, starter.headers.authorization);
      expect(refused.status, action).toBe(403);
      const { error } = (await refused.json()) as { error: { code: string; msg: string; metadata: Record<string, unknown> } };
      expect(error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServerStop } });
      expect(error.msg).toContain('stopServer');
    }
    await stillTheSameProgram(1, 'after the refused restarts');
  });

  it('refuses a restart message on the live connection while running, as a [DAEMON] line, and the server keeps running', async () => {
    const starter = await createServerUser(t.app, id, { startServer: true, viewServerConsole: true });
    const ws = new WebSocket(`ws://${base}/proxy/daemon/socket/${id}`, { headers: { authorization: starter.headers.authorization } });
    const events: Event[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw)) as Event));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      ws.send(JSON.stringify({ type: 'restart' }));
      await vi.waitFor(async () => expect(await starts()).toBe(1), { timeout: 10_000 });
      ws.send(JSON.stringify({ type: 'restart' }));
      const lines = () => events.filter((e) => e.type === 'console').flatMap((e) => (e.data.logs as string[]) ?? []).join('');
      await vi.waitFor(() => expect(lines()).toContain('stopServer'), { timeout: 10_000 });
      await stillTheSameProgram(1, 'after the refused socket restart');
    } finally {
      ws.close();
    }
  });

  it('restarts a running server for a holder of startServer and stopServer', async () => {
    const operator = await createServerUser(t.app, id, { startServer: true, stopServer: true });
    expect((await post('start?wait=true', operator.headers.authorization)).status).toBe(204);
    await vi.waitFor(async () => expect(await starts()).toBe(1), { timeout: 10_000 });
    expect((await post('restart?wait=true', operator.headers.authorization)).status).toBe(204);
    await vi.waitFor(async () => expect(await starts()).toBe(2), { timeout: 10_000 });
    expect(await running()).toBe(true);
  });
});
