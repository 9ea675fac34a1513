import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { LIVE_WATCH_MAX, type LiveServer } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// Watch lists one flooding account sends, over as many connections as that takes.
const FLOOD_MESSAGES = 5000;
// The flooding client: prints what it sent and how the panel closed each of its connections.
const FLOODER = `
const WebSocket = require('ws');
const { FLOOD_URL, FLOOD_TOKEN, FLOOD_MESSAGES, FLOOD_IDS } = process.env;
let sent = 0;
let nextId = 0x10000000;
const codes = [];
const watchList = () => JSON.stringify({ type: 'watch', ids: Array.from({ length: Number(FLOOD_IDS) }, () => (nextId++).toString(16)) });
(async () => {
  while (sent < Number(FLOOD_MESSAGES)) {
    const ws = new WebSocket(FLOOD_URL, { headers: { authorization: 'Bearer ' + FLOOD_TOKEN } });
    ws.on('error', () => {});
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await new Promise((resolve) => ws.once('open', resolve).once('close', resolve));
    while (ws.readyState === ws.OPEN && sent < Number(FLOOD_MESSAGES)) {
      for (let i = 0; i < 100 && ws.readyState === ws.OPEN; i++, sent++) ws.send(watchList());
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The last connection, ended by the flooder itself when its count is reached, is not counted.
    if (ws.readyState === ws.OPEN) ws.close();
    else codes.push(await closed);
  }
  process.stdout.write(JSON.stringify({ sent, codes }));
})();
`;

describe('the server list: one live connection, search and node filter', () => {
  let t: NodeTestApp;
  let alpha: string;
  let beta: string;
  let url: string;

  beforeAll(async () => {
    t = await createNodeTestApp();
    alpha = await createTestServer(t.app, t.admin, t.localNodeId, 'alpha_live');
    beta = await createTestServer(t.app, t.admin, t.localNodeId, 'Beta.100');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/servers/live`;
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${alpha}/kill?wait`, headers: t.admin.headers });
    await t.close();
  });

  /** Opens the list connection as `user`; `latest` is the last state seen per server id. */
  async function openList(user: TestUser) {
    const ws = new WebSocket(url, { headers: user.headers });
    const latest = new Map<string, LiveServer>();
    ws.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as { type: string; servers: LiveServer[] };
      for (const server of event.servers) latest.set(server.id, server);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, latest, closed, watch: (ids: string[]) => ws.send(JSON.stringify({ type: 'watch', ids })) };
  }

  it('shows each watched server going from offline to online with its CPU and memory, over one connection', async () => {
    const list = await openList(t.admin);
    list.watch([alpha, beta]);
    await vi.waitFor(() => expect(list.latest.get(alpha)?.state).toBe('offline'), 10_000);
    expect(list.latest.get(beta)?.state).toBe('offline');

    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${alpha}/start?wait`, headers: t.admin.headers })).statusCode).toBe(204);
    await vi.waitFor(() => expect(list.latest.get(alpha)).toMatchObject({ state: 'online', cpu: expect.any(Number) }), 10_000);
    expect(list.latest.get(alpha)!.memory).toBeGreaterThan(0);
    list.ws.close();
  });

  it('narrows the list by live state across every page, counting only the servers in that state', async () => {
    const ids = async (query: string, headers = t.admin.headers) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/servers?${query}`, headers });
      expect(res.statusCode).toBe(200);
      return { ids: (res.json().servers as { id: string }[]).map((s) => s.id), total: res.json().paging.total as number };
    };
    expect(await ids('state=online&limit=1')).toEqual({ ids: [alpha], total: 1 });
    expect(await ids('state=offline&limit=1')).toEqual({ ids: [beta], total: 1 });
    expect(await ids('state=offline&search=alpha')).toEqual({ ids: [], total: 0 });
    // A user sees only what they hold, whatever the state.
    const viewer = await createServerUser(t.app, beta, { viewServerConsole: true });
    expect(await ids('state=online', viewer.headers)).toEqual({ ids: [], total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/servers?state=sleeping', headers: t.admin.headers })).statusCode).toBe(400);
  });

  it('gives a user only the servers they may view, and CPU and memory only with the stats permission', async () => {
    const statsUser = await createServerUser(t.app, alpha, { viewServerStats: true });
    const consoleUser = await createServerUser(t.app, alpha, { viewServerConsole: true });
    for (const [user, withStats] of [
      [statsUser, true],
      [consoleUser, false],
    ] as const) {
      const list = await openList(user);
      list.watch([beta, alpha, 'ffffffff']);
      await vi.waitFor(() => expect(list.latest.get(alpha)?.state).toBeDefined(), 10_000);
      expect('cpu' in list.latest.get(alpha)!).toBe(withStats);
      expect([...list.latest.keys()]).toEqual([alpha]);
      list.ws.close();
    }
  });

  it('says node offline for the servers of a node that does not answer', async () => {
    t.app.panel.nodes.attachLocal(undefined);
    try {
      const list = await openList(t.admin);
      list.watch([beta]);
      await vi.waitFor(() => expect(list.latest.get(beta)?.state).toBe('nodeOffline'), 10_000);
      list.ws.close();
    } finally {
      t.app.panel.nodes.attachLocal(t.node.daemon.api);
    }
  });

  it('closes on a message that is not a watch list', async () => {
    const list = await openList(t.admin);
    list.ws.send(JSON.stringify({ type: 'watch', ids: ['../etc'] }));
    expect(await list.closed).toBe(1003);
  });

  it('follows only the newest of many watch lists sent at once', async () => {
    const list = await openList(t.admin);
    for (let i = 0; i < 30; i++) list.watch(i % 2 ? [alpha] : [alpha, beta]);
    list.watch([beta]);
    // Both servers are read every interval: two rounds of readings of beta show whether alpha is still followed.
    let betaEvents = 0;
    list.ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { servers: LiveServer[] }).servers.some((server) => server.id === beta)) betaEvents++;
    });
    await vi.waitFor(() => expect(betaEvents).toBeGreaterThanOrEqual(1), 10_000);
    list.latest.clear();
    const seen = betaEvents;
    await vi.waitFor(() => expect(betaEvents).toBeGreaterThanOrEqual(seen + 2), 10_000);
    expect([...list.latest.keys()]).toEqual([beta]);
    list.ws.close();
  });

  it('cuts off a flood of watch lists (1008) while another user\'s calls stay fast and their list stays live', async () => {
    // Any account can open the list socket (open registration): this one holds nothing.
    const attacker = await createSignedInUser(t.app, []);
    const honest = await openList(t.admin);
    honest.watch([alpha]);
    await vi.waitFor(() => expect(honest.latest.get(alpha)).toBeDefined(), 10_000);

    const base = url.replace('ws://', 'http://').replace('/api/servers/live', '');
    const listServers = () => fetch(`${base}/api/servers`, { headers: t.admin.headers });
    await (await listServers()).arrayBuffer(); // the client's first call sets it up

    // Flood from another process, as an attacker's client would be: full watch lists of ids no
    // list has asked for yet, as fast as the socket takes them, reconnecting whenever the panel
    // cuts the socket off, up to a bounded count.
    const flooder = spawn(process.execPath, ['-e', FLOODER], {
      env: { ...process.env, FLOOD_URL: url, FLOOD_TOKEN: attacker.token, FLOOD_MESSAGES: String(FLOOD_MESSAGES), FLOOD_IDS: String(LIVE_WATCH_MAX) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let report = '';
      flooder.stdout.on('data', (chunk: Buffer) => (report += chunk));
      let flooding = true;
      const flood = new Promise<void>((resolve) =>
        flooder.once('exit', () => {
          flooding = false;
          resolve();
        }),
      );

      // Meanwhile the administrator pages through the server list over HTTP, until the flood is
      // over (or 20 s have gone by: the flood stalled every call for seconds).
      const took: number[] = [];
      const started = performance.now();
      while ((flooding || took.length < 20) && performance.now() - started < 20_000) {
        const at = performance.now();
        const res = await listServers();
        await res.arrayBuffer();
        took.push(performance.now() - at);
        expect(res.status).toBe(200);
      }
      const floodEnded = !flooding;
      // A bound generous enough for a busy machine: the flood made calls take 4-7 s.
      took.sort((a, b) => a - b);
      expect(took[Math.ceil(took.length * 0.99) - 1]).toBeLessThan(2000);

      await flood;
      const { sent, codes } = JSON.parse(report) as { sent: number; codes: number[] };
      expect({ sent, floodEnded }).toEqual({ sent: FLOOD_MESSAGES, floodEnded: true });
      // Each flooding connection was cut off for its message count, not closed by the attacker.
      expect(codes.length).toBeGreaterThan(1);
      expect(codes.filter((code) => code !== 1008)).toEqual([]);
      // The honest list still follows its server.
      expect(honest.ws.readyState).toBe(WebSocket.OPEN);
      honest.latest.clear();
      await vi.waitFor(() => expect(honest.latest.get(alpha)).toBeDefined(), 10_000);
    } finally {
      // When the flood outlasts the calls (before the fix), the flooder goes with the test.
      flooder.kill();
      honest.ws.close();
    }
  }, 90_000);

  it('refuses the connection without a session', async () => {
    const ws = new WebSocket(url);
    ws.on('error', () => undefined);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.terminate();
    expect(status).toBe(401);
  });

  it('finds servers by part of the name or id, in any case, taking % and _ literally, and by node', async () => {
    const names = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/servers?${query}`, headers: t.admin.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().servers as { name: string }[]).map((s) => s.name);
    };
    expect(await names('search=ALPHA')).toEqual(['alpha_live']);
    expect(await names(`search=${beta.slice(2, 7)}`)).toEqual(['Beta.100']);
    expect(await names('search=beta')).toEqual(['Beta.100']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual(['alpha_live']);
    expect((await names(`node=${t.localNodeId}`)).sort()).toEqual(['Beta.100', 'alpha_live']);
    expect(await names(`node=${t.localNodeId + 100}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/servers?node=x', headers: t.admin.headers })).statusCode).toBe(400);
  });
});
