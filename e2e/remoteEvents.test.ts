// A remote node's server events reach the panel's activity log, end to end without a browser: a
// real panel (`outpost run`) and a real `outpost daemon` on loopback ports, a server on the node
// whose program exits 3, and the daemon stopped and started again between crashes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, freePort, startApp, startDaemon, type RunningApp, type RunningDaemon } from './support';

let panel: RunningApp;
let daemon: RunningDaemon;
let session = '';
let serverId = '';

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${panel.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const crashes = async () => (await call('GET', `/api/activity?limit=100&server=${serverId}&event=server.crashed`)).body.activity as Array<{ actor: { type: string }; data: { exitCode: number; lines: string[] } }>;
const patience = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  panel = await startApp();
  const login = await fetch(`${panel.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  session = ((await login.json()) as { session: string }).session;
  const port = await freePort();
  const created = await call('POST', '/api/nodes', { name: 'crashy', publicHost: '127.0.0.1', publicPort: port, sftpPort: await freePort() });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  daemon = await startDaemon((await call('GET', `/api/nodes/${created.body.id}/deployment`)).body);
  await vi.waitFor(async () => expect((await call('GET', `/api/nodes/${created.body.id}`)).body.online).toBe(true), patience);
  const definition = { run: { command: [process.execPath, '-e', "console.log('falling over');process.exit(3)"] }, supportedEnvironments: [{ type: 'standard' }] };
  const server = await call('POST', '/api/servers', { name: 'crashes remotely', node: created.body.id, template: definition, environment: { type: 'standard' } });
  expect(server.status, JSON.stringify(server.body)).toBe(200);
  serverId = server.body.id;
});

afterAll(async () => {
  await daemon?.remove();
  await panel?.stop();
});

describe('remote node events', () => {
  it("logs a remote server's crash once, and the crashes after the daemon restarted once each", async () => {
    // At once: the panel may not have read the node yet, and reads a daemon younger than itself from its start.
    expect((await call('POST', `/proxy/daemon/server/${serverId}/start`)).status).toBe(204);
    await vi.waitFor(async () => expect(await crashes()).toHaveLength(1), patience);
    const [crash] = await crashes();
    expect(crash).toMatchObject({ actor: { type: 'system' }, data: { exitCode: 3 } });
    expect(crash.data.lines.join('\n')).toContain('falling over');

    await daemon.stop();
    await daemon.start();
    await vi.waitFor(async () => expect((await call('POST', `/proxy/daemon/server/${serverId}/start`)).status).toBe(204), patience);
    await vi.waitFor(async () => expect(await crashes()).toHaveLength(2), patience);
    expect((await call('POST', `/proxy/daemon/server/${serverId}/start`)).status).toBe(204);
    await vi.waitFor(async () => expect(await crashes()).toHaveLength(3), patience);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await crashes()).toHaveLength(3);
  });
});
