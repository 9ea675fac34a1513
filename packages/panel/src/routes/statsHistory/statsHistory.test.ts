import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeSample } from '@outpost/shared';
import { createSignedInUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

let t: NodeTestApp;
let first: string;
let second: string;
/** Where the seeded samples end: a minute ago, on a 10-s step. */
const until = Math.floor((Date.now() - 60_000) / 10_000) * 10_000;

/** Six samples 10 s apart up to `until`, CPU `cpu`, memory `memory` MiB. */
const samples = (server: string, cpu: number, memory: number): NodeSample[] =>
  Array.from({ length: 6 }, (_, i) => ({ server, t: until - (5 - i) * 10_000, cpu, memory: memory * 1024 ** 2, disk: 1024 ** 2 }));

beforeAll(async () => {
  t = await createNodeTestApp();
  first = await createTestServer(t.app, t.admin, t.localNodeId, 'stats-one');
  second = await createTestServer(t.app, t.admin, t.localNodeId, 'stats-two');
  // Through the collector's own path, as a node's answer would come.
  await t.app.panel.metrics.collector.record(t.localNodeId, [...samples(first, 10, 100), ...samples(second, 30, 300)]);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = t.admin.headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/servers/{id}/stats/history', () => {
  it('answers the last hour of 10-s points by default, oldest first', async () => {
    const res = await get(`/api/servers/${first}/stats/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ step: 10, points: samples(first, 10, 100).map(({ t: time, cpu, memory, disk }) => ({ t: time, cpu, memory, disk })) });
  });

  it('answers each range in its step: 5 minutes for a day, an hour for 7 and 30 days, with maxima', async () => {
    for (const [range, step] of [['1h', 10], ['24h', 300], ['7d', 3600], ['30d', 3600]] as const) {
      const res = await get(`/api/servers/${first}/stats/history?range=${range}`);
      expect(res.statusCode, range).toBe(200);
      const body = res.json() as { step: number; points: { t: number; cpu: number; cpuMax?: number }[] };
      expect(body.step, range).toBe(step);
      expect(body.points.every((point) => point.t % (step * 1000) === 0 && point.cpu === 10), range).toBe(true);
      if (step > 10) expect(body.points.every((point) => point.cpuMax === 10), range).toBe(true);
    }
  });

  it('refuses a range it does not know (400), a user without viewServerStats (403), no session (401), an unknown server (404)', async () => {
    const bad = await get(`/api/servers/${first}/stats/history?range=2h`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'ErrFieldRequired', metadata: { field: 'range' } } });

    const viewer = await createServerUser(t.app, first, { viewServer: true, viewServerConsole: true });
    expect((await get(`/api/servers/${first}/stats/history`, viewer.headers)).statusCode).toBe(403);
    const watcher = await createServerUser(t.app, first, { viewServer: true, viewServerStats: true });
    expect((await get(`/api/servers/${first}/stats/history`, watcher.headers)).statusCode).toBe(200);
    // Holding it on one server gives nothing on another.
    expect((await get(`/api/servers/${second}/stats/history`, watcher.headers)).statusCode).toBe(403);

    expect((await get(`/api/servers/${first}/stats/history`, {})).statusCode).toBe(401);
    expect((await get('/api/servers/0badc0de/stats/history')).statusCode).toBe(404);
  });
});

describe('GET /api/nodes/{id}/stats/history', () => {
  it("sums the node's servers at each step, for nodes.view holders only", async () => {
    const res = await get(`/api/nodes/${t.localNodeId}/stats/history`);
    expect(res.statusCode).toBe(200);
    const { points, step } = res.json() as { step: number; points: { t: number; cpu: number; memory: number; disk: number }[] };
    expect(step).toBe(10);
    expect(points).toEqual(samples(first, 40, 400).map(({ t: time }) => ({ t: time, cpu: 40, memory: 400 * 1024 ** 2, disk: 2 * 1024 ** 2 })));

    const user = await createSignedInUser(t.app, []);
    expect((await get(`/api/nodes/${t.localNodeId}/stats/history`, user.headers)).statusCode).toBe(403);
    expect((await get('/api/nodes/9999/stats/history')).statusCode).toBe(404);
  });

  it("removes a deleted server's points, from memory and from the database", async () => {
    await t.app.panel.metrics.collector.stop();
    expect((await t.app.panel.repo.metrics.spans([second], 0, 0, Date.now())).length).toBeGreaterThan(0);
    // And a newer point, held in memory.
    await t.app.panel.metrics.collector.record(t.localNodeId, [{ server: second, t: until + 10_000, cpu: 30, memory: 1 }]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/servers/${second}`, headers: t.admin.headers });
    expect(res.statusCode).toBe(204);
    expect(await t.app.panel.repo.metrics.spans([second], 0, 0, Date.now())).toEqual([]);
    const node = (await get(`/api/nodes/${t.localNodeId}/stats/history`)).json() as { points: { cpu: number }[] };
    expect(node.points.map((point) => point.cpu)).toEqual([10, 10, 10, 10, 10, 10]);
  });
});
