import { createServer, type AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { Scopes, type LiveServer } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GAME_RESPONDER } from '../../../../daemon/src/query/testdata/gameResponder.js';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { createServerUser, echoDefinition } from '../../test/serverFixtures.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const NAMES = ['alice', 'bob', 'carol'];

/** A game server's template: the test responder as its program, asked as `type` on its port variable. */
const gameTemplate = (type: string, port: number) => ({
  type: 'test',
  run: { command: [process.execPath, '-e', GAME_RESPONDER, '${server-port}', '3', '20', 'Outpost test', ...NAMES], stopCode: 15 },
  data: { 'server-port': { type: 'integer', value: port } },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
  query: { type, port: 'server-port' },
});

describe('the game query through the panel (GET /proxy/daemon/server/{id}/query)', () => {
  let t: TestApp;
  let node: LocalNode;
  let admin: TestUser;
  let base: string;
  let nodeId: number;
  const created: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    node = await startLocalNode(t.app, { autostart: false, stopGraceMs: 2000, query: { settleMs: 0, intervalMs: 1000 } });
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    nodeId = (await t.app.panel.repo.nodes.local())!.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const id of created) await call('POST', `/proxy/daemon/server/${id}/kill?wait`);
    await node.stop();
    await t.close();
  });

  const call = (method: string, path: string, user: TestUser = admin, body?: unknown) =>
    fetch(`${base}${path}`, { method, headers: { ...user.headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });

  async function createGameServer(name: string, template: object): Promise<string> {
    const res = await call('POST', '/api/servers', admin, { name, node: nodeId, template, environment: { type: 'standard' } });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    created.push(id);
    return id;
  }

  async function startAndWaitForGame(id: string): Promise<void> {
    expect((await call('POST', `/proxy/daemon/server/${id}/start?wait`)).status).toBe(204);
    await vi.waitFor(async () => {
      const replay = (await (await call('GET', `/proxy/daemon/server/${id}/console`)).json()) as { logs: string[] };
      expect(replay.logs.join('')).toContain('game responder ready');
    }, 10_000);
  }

  it('answers a Minecraft server’s players, names, version and motd while it runs, and 204 before and after', async () => {
    const id = await createGameServer('minecraft game', gameTemplate('minecraft', await freePort()));
    const before = await call('GET', `/proxy/daemon/server/${id}/query`);
    expect(before.status).toBe(204);
    expect(await before.text()).toBe('');

    await startAndWaitForGame(id);
    const running = await call('GET', `/proxy/daemon/server/${id}/query`);
    expect(running.status).toBe(200);
    expect(await running.json()).toEqual({ online: 3, max: 20, players: NAMES, version: '1.21.4', motd: 'Outpost test' });
    // The same under /api/servers, for the stats permission only.
    expect((await call('GET', `/api/servers/${id}/query`)).status).toBe(200);
    const statsUser = await createServerUser(t.app, id, { viewServerStats: true });
    const consoleUser = await createServerUser(t.app, id, { viewServerConsole: true });
    expect((await call('GET', `/proxy/daemon/server/${id}/query`, statsUser)).status).toBe(200);
    expect((await call('GET', `/proxy/daemon/server/${id}/query`, consoleUser)).status).toBe(403);
    expect((await fetch(`${base}/proxy/daemon/server/${id}/query`)).status).toBe(401);

    // The server list's live feed carries the count for holders of the stats permission only.
    for (const [user, withPlayers] of [
      [statsUser, true],
      [consoleUser, false],
    ] as const) {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/servers/live`, { headers: user.headers });
      const latest = new Map<string, LiveServer>();
      ws.on('message', (raw) => {
        for (const server of (JSON.parse(String(raw)) as { servers: LiveServer[] }).servers) latest.set(server.id, server);
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'watch', ids: [id] }));
      await vi.waitFor(() => expect(latest.get(id)?.state).toBe('online'), 10_000);
      if (withPlayers) expect(latest.get(id)!.players).toEqual({ online: 3, max: 20 });
      else expect('players' in latest.get(id)!).toBe(false);
      ws.close();
    }

    expect((await call('POST', `/proxy/daemon/server/${id}/stop?wait`)).status).toBe(204);
    expect((await call('GET', `/proxy/daemon/server/${id}/query`)).status).toBe(204);
  });

  it('answers a Source server (A2S_INFO with its challenge) and 204 for a running server without a query', async () => {
    const id = await createGameServer('source game', gameTemplate('counterstrike2', await freePort()));
    const plain = await createGameServer('no query', echoDefinition);
    await startAndWaitForGame(id);
    expect((await call('POST', `/proxy/daemon/server/${plain}/start?wait`)).status).toBe(204);
    const running = await call('GET', `/proxy/daemon/server/${id}/query`);
    expect(running.status).toBe(200);
    expect(await running.json()).toEqual({ online: 3, max: 20, players: NAMES, version: '1.21.4', motd: 'Outpost test' });
    expect((await call('GET', `/proxy/daemon/server/${plain}/query`)).status).toBe(204);
  });

  it('refuses a template whose query names an unknown game or no variable, with the field', async () => {
    for (const [query, field] of [
      [{ type: 'factorio', port: 34197 }, 'query.type'],
      [{ type: 'minecraft', port: 'rcon-port' }, 'query.port'],
      [{ type: 'minecraft', port: 0 }, 'query.port'],
    ] as const) {
      const res = await call('POST', '/api/servers', admin, { name: 'bad query', node: nodeId, template: { ...gameTemplate('minecraft', 25565), query }, environment: { type: 'standard' } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; metadata: { field: string } } };
      expect(body.error.code).toBe('ErrInvalidJson');
      expect(body.error.metadata.field).toBe(field);
    }
  });
});
