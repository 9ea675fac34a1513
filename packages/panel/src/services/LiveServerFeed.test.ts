import { OutpostError, type NodeClient } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../test/serverFixtures.js';
import { LiveServerFeed, type LiveReading } from './LiveServerFeed.js';

describe('LiveServerFeed', () => {
  let t: NodeTestApp;
  let id: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'feed shared');
  });
  afterAll(() => t.close());

  it('reads a server once per interval however many lists watch it and however often they come back, and stops when the last one goes', async () => {
    // The local node's own client, counting the reads it answers.
    const api = t.node.daemon.api;
    let reads = 0;
    const counting = Object.assign(Object.create(api) as NodeClient, {
      liveReadings: (...args: Parameters<NodeClient['liveReadings']>) => {
        reads++;
        return api.liveReadings(...args);
      },
    });
    const feed = new LiveServerFeed({ nodeOf: async () => t.localNodeId, clientOf: async () => counting });
    const seen: LiveReading[][] = [[], [], []];
    const stops = seen.map((readings) => feed.watch(id, (reading) => readings.push(reading)));
    try {
      await vi.waitFor(() => expect(seen[0]!.length).toBeGreaterThanOrEqual(2), 10_000);
      expect(seen.every((readings) => readings[0]?.state === 'offline')).toBe(true);
      // Three watchers, one read per reading (the one under way may be counted already).
      expect(reads).toBeLessThanOrEqual(seen[0]!.length + 1);
      for (const stop of stops) stop();
      const after = reads;
      // Lists that leave the server and come back, however often, get the last reading at once
      // and cost the node no read.
      for (let i = 0; i < 100; i++) {
        const late: LiveReading[] = [];
        feed.watch(id, (reading) => late.push(reading))();
        expect(late).toHaveLength(1);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(reads).toBe(after);
      // Once nobody watches it, the feed forgets the server (a new watcher finds no reading)
      // without reading it again.
      await vi.waitFor(() => {
        const late: LiveReading[] = [];
        feed.watch(id, (reading) => late.push(reading))();
        expect(late).toEqual([]);
      }, 10_000);
      expect(reads).toBe(after);
    } finally {
      feed.close();
    }
  });

  it('asks a node too old for the batch call server by server, and says unknown for a server no node holds', async () => {
    const api = t.node.daemon.api;
    let statusReads = 0;
    const old = Object.assign(Object.create(api) as NodeClient, {
      liveReadings: async () => {
        throw new OutpostError('ErrNotFound', 'no route POST /daemon/node/live', undefined, 404);
      },
      getStatus: (...args: Parameters<NodeClient['getStatus']>) => {
        statusReads++;
        return api.getStatus(...args);
      },
    });
    const feed = new LiveServerFeed({ nodeOf: async (serverId) => (serverId === id ? t.localNodeId : undefined), clientOf: async () => old });
    const seen = new Map<string, LiveReading>();
    const stops = [id, 'ffff0001'].map((serverId) => feed.watch(serverId, (reading) => seen.set(serverId, reading)));
    try {
      await vi.waitFor(() => expect(seen.size).toBe(2), 10_000);
      expect(seen.get(id)?.state).toBe('offline');
      expect(seen.get('ffff0001')?.state).toBe('unknown');
      expect(statusReads).toBeGreaterThan(0);
    } finally {
      for (const stop of stops) stop();
      feed.close();
    }
  });

  it("hands on a running server's memory limit with its reading, so the list's bar is drawn against it", async () => {
    const api = t.node.daemon.api;
    // The node's stats say the limits it applies (issue 30); they are set here as a node would answer them.
    const limited = Object.assign(Object.create(api) as NodeClient, {
      liveReadings: async (...args: Parameters<NodeClient['liveReadings']>) => (await api.liveReadings(...args)).map((reading) => (reading.running ? { ...reading, memoryLimit: 300 } : reading)),
    });
    const feed = new LiveServerFeed({ nodeOf: async () => t.localNodeId, clientOf: async () => limited });
    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/start?wait`, headers: t.admin.headers })).statusCode).toBe(204);
    const seen: LiveReading[] = [];
    const stop = feed.watch(id, (reading) => seen.push(reading));
    try {
      await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ state: 'online', memoryLimit: 300 }), 10_000);
    } finally {
      stop();
      feed.close();
      await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    }
  });
});
