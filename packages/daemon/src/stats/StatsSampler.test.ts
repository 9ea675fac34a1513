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
let clock = Date.parse('2026-11-20T12:00:00Z');
const players = new Map<string, number>();

beforeAll(async () => {
  // Rounds are taken by the test, on its own clock.
  node = await openTestDaemon({ stats: { now: () => clock, intervalMs: 3_600_000, players: (id) => players.get(id) } });
  await app.register(node.daemon.routes);
  client = new HttpNodeClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }), nodeId: 'node-1', secret: 'test-secret' });
  running = await node.daemon.servers.create('5a5a0001', fakeDefinition());
  await node.daemon.servers.create('5a5a0002', fakeDefinition());
  await running.start();
  await waitFor(() => running.console.replay().logs.join('').includes('ready'), 20_000, 'banner');
  await running.disk.scan();
});
afterAll(async () => {
  await app.close();
  await node?.cleanup();
});

describe("the node's stats sampler", () => {
  it('samples each running server, as getStats reads it, into a ring the panel reads over HTTP', async () => {
    const first = clock;
    await node.daemon.samples.sample();
    clock += 10_000;
    await node.daemon.samples.sample();

    const { samples } = await client.nodeSamples(panelCaller);
    // The stopped server has no samples: no zeros are made up for it.
    expect(samples.map((sample) => [sample.server, sample.t])).toEqual([
      ['5a5a0001', first],
      ['5a5a0001', first + 10_000],
    ]);
    const stats = await running.stats();
    expect(samples[1].memory).toBeGreaterThan(1_000_000);
    expect(samples[1].disk).toBe(stats.disk);
    expect(samples[1].cpu).toBeGreaterThanOrEqual(0);

    // Only what came after the newest the panel holds.
    expect((await client.nodeSamples(panelCaller, first)).samples.map((sample) => sample.t)).toEqual([first + 10_000]);
    expect((await client.nodeSamples(panelCaller, first + 10_000)).samples).toEqual([]);
  });

  it('keeps an hour: older rounds drop out of the ring', async () => {
    const start = clock;
    clock += 30 * 60_000;
    await node.daemon.samples.sample();
    clock += 31 * 60_000;
    await node.daemon.samples.sample();
    const times = (await client.nodeSamples(panelCaller)).samples.map((sample) => sample.t);
    expect(times).toEqual([start + 30 * 60_000, clock]);
  });

  it("answers the panel's own token only: an administrator's is refused", async () => {
    await expect(client.nodeSamples({ user: '1', scopes: [Scopes.ServersAdmin] })).rejects.toMatchObject({ status: 403 });
    await expect(node.daemon.api.nodeSamples({ user: 'panel', scopes: [Scopes.ServerStat] })).rejects.toMatchObject({ status: 403 });
  });

  it('fills in players where the game was asked', async () => {
    players.set('5a5a0001', 7);
    clock += 10_000;
    await node.daemon.samples.sample();
    expect((await client.nodeSamples(panelCaller, clock - 1)).samples).toMatchObject([{ server: '5a5a0001', players: 7 }]);
  });
});
