import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes, type QueryAnswer, type ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { signNodeToken } from '../auth/nodeToken.js';
import { openTestDaemon, waitFor } from '../servers/testServer.js';
import { askGame } from './askGame.js';
import { GAME_RESPONDER } from './testdata/gameResponder.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const NAMES = ['alice', 'bob', 'carol'];
const expected: QueryAnswer = { online: 3, max: 20, players: NAMES, version: '1.21.4', motd: 'Outpost test' };

/** The responder as a program of its own, outside any server. */
async function runResponder(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', GAME_RESPONDER, String(port), '3', '20', 'Outpost test', ...NAMES], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

describe('asking a game through gamedig', () => {
  let port: number;
  let responder: ChildProcess;
  beforeAll(async () => {
    port = await freePort();
    responder = await runResponder(port);
  });
  afterAll(() => void responder.kill());

  it("reads Minecraft Java's server-list ping: players, names, version and motd", async () => {
    expect(await askGame({ type: 'minecraft', host: '127.0.0.1', port }, 3000)).toEqual(expected);
  });

  it("reads a Source server's A2S_INFO and A2S_PLAYER through the challenge newer servers send", async () => {
    expect(await askGame({ type: 'counterstrike2', host: '127.0.0.1', port }, 3000)).toEqual(expected);
  });

  it("asks Valheim on its query port, one above the game's", async () => {
    expect(await askGame({ type: 'valheim', host: '127.0.0.1', port: port - 1 }, 3000)).toMatchObject({ online: 3, max: 20 });
  });

  it('rejects within its timeout when nothing answers', async () => {
    const started = Date.now();
    await expect(askGame({ type: 'counterstrike2', host: '127.0.0.1', port: await freePort() }, 1000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('GET /daemon/server/:id/query on a running server', () => {
  let daemon: Daemon;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    const open = await openTestDaemon({ query: { settleMs: 0, intervalMs: 1000 } });
    ({ daemon, cleanup } = open);
    app = Fastify({ forceCloseConnections: true });
    await app.register(daemon.routes);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  /** A third party's call with a node token for `id` holding `scopes`. */
  const ask = (id: string, scopes: string[] = [Scopes.ServerView, Scopes.ServerStat]) => {
    const token = signNodeToken('test-secret', { node: 'node-1', user: 'u1', server: id, scopes, exp: Math.floor(Date.now() / 1000) + 60 });
    return fetch(`${url}/daemon/server/${id}/query`, { headers: { authorization: `Bearer ${token}` } });
  };

  const gameDefinition = (port: number, query?: ServerDefinition['query']): ServerDefinition => ({
    run: { command: [process.execPath, '-e', GAME_RESPONDER, '${server-port}', '3', '20', 'Outpost test', ...NAMES], stopCode: 15 },
    data: { 'server-port': { type: 'integer', value: port } },
    ...(query && { query }),
  });

  it('answers the game while it runs and 204 when stopped or with no query', async () => {
    const port = await freePort();
    const server = await daemon.servers.create('a1b2c3d4', gameDefinition(port, { type: 'minecraft', port: 'server-port' }));
    const plain = await daemon.servers.create('b1b2c3d4', gameDefinition(await freePort()));
    expect((await ask(server.id)).status).toBe(204);

    await server.start();
    await plain.start();
    await waitFor(() => server.console.replay().logs.join('').includes('game responder ready'), 10_000, 'the responder');
    const answer = await ask(server.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(expected);
    expect((await ask(plain.id)).status).toBe(204);
    expect((await ask(server.id, [Scopes.ServerView])).status).toBe(403);

    // The stats history's hook reads the last answer without asking again: a round's samples carry it.
    expect(daemon.queries.online(server.id)).toBe(3);
    expect(daemon.queries.online(plain.id)).toBeUndefined();
    await daemon.samples.sample();
    const newest = (id: string) => daemon.samples.after().findLast((sample) => sample.server === id);
    expect(newest(server.id)?.players).toBe(3);
    expect(newest(plain.id)).toBeDefined();
    expect(newest(plain.id)?.players).toBeUndefined();

    await server.stop();
    await plain.stop();
    expect((await ask(server.id)).status).toBe(204);
    expect(daemon.queries.online(server.id)).toBeUndefined();
  });
});
