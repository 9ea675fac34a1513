import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { LiveServer } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

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
