import { chmod } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Daemon, panelCaller } from '@outpost/daemon';
import { Scopes, type NodeSample, type StatsRange } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { PanelConfig } from '../../config.js';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createTestServer, echoDefinition } from '../../test/serverFixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/testDatabase.js';

const HOUR = 3_600_000;
let clock = 0;
const now = () => clock;
// A round hour, so the spans' edges are where the test says.
beforeEach(() => {
  clock = Date.parse('2026-11-20T00:00:00Z');
});

let database: TestDatabase | undefined;
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  await database?.drop();
  database = undefined;
});

/** A panel on `database` whose stats history goes by the test's clock (rounds are the test's to call). */
async function openPanel(): Promise<{ app: FastifyInstance; admin: TestUser }> {
  database ??= await createTestDatabase('sqlite');
  const config: PanelConfig = { port: 0, host: '127.0.0.1', dataDir: dirname(database.config.url), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 };
  const app = await buildApp({ config, webDist: '/nonexistent-web-dist', metrics: { now, intervalMs: 24 * HOUR } });
  closers.push(() => app.close());
  await app.ready();
  return { app, admin: await createSignedInUser(app, [Scopes.ServersAdmin]) };
}

async function history(app: FastifyInstance, admin: TestUser, path: string, range: StatsRange = '1h') {
  const res = await app.inject({ method: 'GET', url: `${path}/stats/history?range=${range}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { points: { t: number; cpu: number; memory: number; disk?: number; players?: number; cpuMax?: number; memoryMax?: number }[]; step: number };
}

/** One node round and one panel round, 10 s after the last. */
async function round(app: FastifyInstance, daemon: Daemon): Promise<number> {
  clock += 10_000;
  await daemon.samples.sample();
  await app.panel.nodeHealth.checkAll();
  await app.panel.metrics.collector.collectAll();
  return clock;
}

describe('stats history', () => {
  it("accumulates a running server's points from the local node, and its node's sum", async () => {
    const { app, admin } = await openPanel();
    let node: LocalNode | undefined = await startLocalNode(app, { autostart: false, stats: { now, intervalMs: 24 * HOUR } });
    closers.push(() => node!.stop());
    const nodeId = (await app.panel.repo.nodes.local())!.id;
    const id = await createTestServer(app, admin, nodeId, 'history');
    const stopped = await createTestServer(app, admin, nodeId, 'stopped');
    await (await app.panel.nodes.forNode(nodeId)).power(panelCaller, id, 'start', { wait: true });
    // Sampled once the program is up, not while its process is still being made.
    await vi.waitFor(() => expect(node!.daemon.servers.get(id).console.replay().logs.join('')).toContain('ready'), { timeout: 20_000 });

    const times: number[] = [];
    for (let i = 0; i < 4; i++) times.push(await round(app, node.daemon));
    const { points, step } = await history(app, admin, `/api/servers/${id}`);
    expect(step).toBe(10);
    expect(points.map((point) => point.t)).toEqual(times);
    expect(points.every((point) => point.memory > 1_000_000 && point.cpu >= 0 && point.cpuMax === undefined), JSON.stringify(points)).toBe(true);
    // A stopped server has no points, not zeros.
    expect((await history(app, admin, `/api/servers/${stopped}`)).points).toEqual([]);
    const nodeHistory = await history(app, admin, `/api/nodes/${nodeId}`);
    expect(nodeHistory.points.map((point) => [point.t, point.memory])).toEqual(points.map((point) => [point.t, point.memory]));

    // The hour in memory is written when the panel closes, and read back by the next.
    await node.stop();
    node = undefined;
    closers.length = 0;
    await app.close();
    const again = await openPanel();
    expect((await history(again.app, again.admin, `/api/servers/${id}`)).points).toEqual(points);
  });

  it('rolls 10-s points up into 5-minute and hourly averages and maxima, and removes each tier by age', async () => {
    const { app, admin } = await openPanel();
    const nodeId = (await app.panel.repo.nodes.local())!.id;
    await app.panel.repo.servers.insert({ id: 'cafe0001', name: 'synthetic', node_id: nodeId, ip: '', port: null, type: 't', created_at: 0 });
    const { collector, rollup } = app.panel.metrics;
    const begin = clock;
    // 26 hours of samples: CPU is the hour's number plus 1 on every sixth sample, memory 1 GiB.
    for (let hour = 0; hour < 26; hour++) {
      const samples: NodeSample[] = [];
      for (let slot = 0; slot < 360; slot++) {
        samples.push({ server: 'cafe0001', t: begin + hour * HOUR + slot * 10_000 + 1234, cpu: hour + (slot % 6 === 0 ? 6 : 0), memory: 1024 ** 3, disk: 5 * 1024 ** 2, players: slot % 2 });
      }
      clock = begin + (hour + 1) * HOUR;
      await collector.record(nodeId, samples);
      await rollup.run();
      if (hour === 3) {
        // The hour's first half is rolled up, its second still in memory: its hourly point is the whole hour's.
        const lastPoint = (await history(app, admin, '/api/servers/cafe0001', '7d')).points.at(-1);
        expect(lastPoint).toMatchObject({ t: begin + 3 * HOUR, cpu: 4, cpuMax: 9 });
      }
    }
    clock += 2 * 60_000;
    await collector.flushDue();
    await rollup.run();

    const day = await history(app, admin, '/api/servers/cafe0001', '24h');
    expect(day.step).toBe(300);
    // From the 5-minute step holding "a day ago" to the last.
    const firstStep = Math.floor((clock - 24 * HOUR) / 300_000) * 300_000;
    expect(day.points[0].t).toBe(firstStep);
    expect(day.points.at(-1)!.t).toBe(begin + 26 * HOUR - 300_000);
    expect(day.points).toHaveLength((begin + 26 * HOUR - firstStep) / 300_000);
    const lastHour = day.points.at(-1)!;
    // 30 samples, five of them (every sixth) 6 higher: average +1, maximum +6.
    expect(lastHour).toEqual({ t: lastHour.t, cpu: 25 + 1, cpuMax: 25 + 6, memory: 1024 ** 3, memoryMax: 1024 ** 3, disk: 5 * 1024 ** 2, players: 0.5 });

    const week = await history(app, admin, '/api/servers/cafe0001', '7d');
    expect(week.step).toBe(3600);
    expect(week.points.map((point) => point.t)).toEqual(Array.from({ length: 26 }, (_, hour) => begin + hour * HOUR));
    expect(week.points.map((point) => point.cpuMax)).toEqual(Array.from({ length: 26 }, (_, hour) => hour + 6));

    // The 10-s points of the first hour are over a day old: gone, while its hourly point stays.
    const recent = await history(app, admin, '/api/servers/cafe0001', '1h');
    const hourAgo = Math.floor((clock - HOUR) / 10_000) * 10_000;
    expect(recent.points[0].t).toBe(hourAgo);
    expect(recent.points).toHaveLength((begin + 26 * HOUR - hourAgo) / 10_000);
    expect(await app.panel.repo.metrics.spans(['cafe0001'], 0, 0, begin)).toEqual([]);
    expect((await app.panel.repo.metrics.spans(['cafe0001'], 0, 0, clock)).length).toBeLessThanOrEqual(50);

    // 31 days on, the 5-minute points are gone too, and the hourly ones remain for the year.
    clock += 31 * 24 * HOUR;
    await rollup.run();
    expect(await app.panel.repo.metrics.spans(['cafe0001'], 1, 0, clock)).toEqual([]);
    expect((await app.panel.repo.metrics.spans(['cafe0001'], 2, 0, clock)).length).toBeGreaterThan(0);
    clock += 366 * 24 * HOUR;
    await rollup.run();
    expect(await app.panel.repo.metrics.spans(['cafe0001'], 2, 0, clock)).toEqual([]);
  });

  it("refills what a panel missed (it crashed, or was away) from a remote node's hour", async () => {
    const { app } = await openPanel();
    // A remote node: its own daemon, over HTTP.
    const nodeDir = await createTestDatabase('sqlite');
    closers.push(() => nodeDir.drop());
    // Each server's own user passes through it to its folder, as under the panel's data folder.
    await chmod(dirname(nodeDir.config.url), 0o711);
    const nodeId = await app.panel.repo.nodes.insert({ name: 'remote', public_host: '127.0.0.1', public_port: 1, private_host: '127.0.0.1', private_port: 1, sftp_port: 0, secret: 'remote-secret-remote-secret-0123456789', is_local: 0 });
    const daemon = await Daemon.open({ nodeId: String(nodeId), secret: 'remote-secret-remote-secret-0123456789', serversDir: join(dirname(nodeDir.config.url), 'servers'), autostart: false, stopGraceMs: 2000, stats: { now, intervalMs: 24 * HOUR } });
    closers.push(() => daemon.close());
    const http = Fastify({ forceCloseConnections: true });
    await http.register(daemon.routes);
    const port = Number(new URL(await http.listen({ port: 0, host: '127.0.0.1' })).port);
    closers.push(() => http.close());
    await app.panel.db.updateTable('nodes').set({ private_port: port }).where('id', '=', nodeId).execute();
    await app.panel.repo.servers.insert({ id: 'beef0001', name: 'remote-server', node_id: nodeId, ip: '', port: null, type: 't', created_at: 0 });
    await daemon.servers.create('beef0001', structuredClone(echoDefinition) as never);
    await daemon.servers.get('beef0001').start();

    const times = [await round(app, daemon), await round(app, daemon)];
    // The panel crashes: the hour it held in memory is lost, never written.
    app.panel.metrics.collector.forget('beef0001');
    await app.close();
    closers.splice(0, 1);
    // The node samples on meanwhile.
    clock += 10_000;
    await daemon.samples.sample();
    times.push(clock);

    const next = await openPanel();
    await round(next.app, daemon);
    times.push(clock);
    const { points } = await history(next.app, next.admin, '/api/servers/beef0001');
    expect(points.map((point) => point.t)).toEqual(times);
  });
});
