import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import { HttpNodeClient } from '../client/HttpNodeClient.js';
import { panelCaller } from '../auth/requirePanelCaller.js';
import type { Server } from '../servers/Server.js';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';

let node: Awaited<ReturnType<typeof openTestDaemon>>;
const app = Fastify({ forceCloseConnections: true });
let client: HttpNodeClient;
let running: Server;

beforeAll(async () => {
  node = await openTestDaemon();
  await app.register(node.daemon.routes);
  client = new HttpNodeClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }), nodeId: 'node-1', secret: 'test-secret' });
  running = await node.daemon.servers.create('6b6b0001', fakeDefinition());
  await node.daemon.servers.create('6b6b0002', fakeDefinition());
  await running.start();
  await waitFor(() => running.console.replay().logs.join('').includes('ready'), 20_000, 'banner');
});
afterAll(async () => {
  await running?.kill().catch(() => {});
  await app.close();
  await node?.cleanup();
});

describe("the panel's list readings, many servers in one call", () => {
  it('answers each held server once, with CPU and memory only for the running one, and leaves out servers the node does not hold', async () => {
    const readings = await client.liveReadings(panelCaller, ['6b6b0002', '6b6b0001', 'ffff0000', '6b6b0001']);
    expect(readings.map((reading) => reading.id)).toEqual(['6b6b0002', '6b6b0001']);
    expect(readings[0]).toEqual({ id: '6b6b0002', running: false, installing: false });
    expect(readings[1]).toMatchObject({ id: '6b6b0001', running: true, installing: false });
    expect(readings[1]!.memory).toBeGreaterThan(0);
    expect(typeof readings[1]!.cpu).toBe('number');
  });

  it("answers the panel's own token only: a user's, even an administrator's, is refused", async () => {
    await expect(client.liveReadings({ user: '1', scopes: [Scopes.ServersAdmin] }, ['6b6b0001'])).rejects.toMatchObject({ status: 403 });
    await expect(node.daemon.api.liveReadings({ user: 'panel', scopes: [Scopes.ServerView, Scopes.ServerStat] }, ['6b6b0001'])).rejects.toMatchObject({ status: 403 });
  });
});
