import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Daemon, signNodeToken } from '@outpost/daemon';
import { Scopes, type ActivityEntry, type NodeEventBatch } from '@outpost/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';
import { echoDefinition } from '../test/serverFixtures.js';
import { NodeEventFeeds } from './NodeEventFeeds.js';

const patience = { timeout: 20_000, interval: 200 };

/**
 * A remote node's server events reach the panel's activity log: a real daemon over HTTP on a
 * loopback port, a server on it whose program exits 3, and the panel's own feed reading its journal.
 */
describe('remote node events', () => {
  let t: TestApp;
  let admin: TestUser;
  let dir: string;
  let nodeId: number;
  let secret: string;
  let port = 0;
  let daemon: Daemon;
  let http: FastifyInstance;
  let serverId: string;

  /** Opens the node's daemon (again) on its folder and port, as `outpost daemon` would. */
  const openDaemon = async () => {
    daemon = await Daemon.open({ nodeId: String(nodeId), secret, serversDir: join(dir, 'servers'), autostart: false, stopGraceMs: 2000 });
    http = Fastify({ forceCloseConnections: true });
    await http.register(daemon.routes);
    await http.listen({ port, host: '127.0.0.1' });
    port = (http.server.address() as { port: number }).port;
  };
  const closeDaemon = async () => {
    await daemon.close();
    await http.close();
  };

  const crashes = async (): Promise<ActivityEntry[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/activity?limit=100&server=${serverId}&event=server.crashed`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json().activity;
  };
  const crashOnce = async () => {
    const started = await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${serverId}/start`, headers: admin.headers });
    expect(started.statusCode).toBe(204);
  };
  /** A raw read of the node's journal, as anyone holding a token would ask. */
  const readJournal = (query: string, token: string) => fetch(`http://127.0.0.1:${port}/daemon/node/events?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const token = (user: string, scopes: string[], server = '') => signNodeToken(secret, { node: String(nodeId), user, server, scopes, exp: Math.floor(Date.now() / 1000) + 60 });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    dir = await mkdtemp(join(tmpdir(), 'outpost-node-events-'));
    // Under root each server runs as a user of its own, which must pass through to its folder.
    await chmod(dir, 0o711);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/nodes',
      headers: admin.headers,
      payload: { name: 'Remote events', publicHost: '127.0.0.1', publicPort: 1, privateHost: '127.0.0.1', privatePort: 2, sftpPort: 3 },
    });
    expect(created.statusCode).toBe(200);
    nodeId = created.json().id;
    secret = (await t.app.panel.repo.nodes.byId(nodeId))!.secret;
    await openDaemon();
    await t.app.panel.repo.nodes.update(nodeId, { private_port: port });
    await t.app.ready();
    const crashing = { ...echoDefinition, run: { command: ['node', '-e', "console.log('about to fall');process.exit(3)"] } };
    const server = await t.app.inject({ method: 'POST', url: '/api/servers', headers: admin.headers, payload: { name: 'remote crash', node: nodeId, template: crashing, environment: { type: 'standard' } } });
    expect(server.statusCode).toBe(200);
    serverId = server.json().id;
    // The feed has read the node once: what comes next is read from where that left off.
    await vi.waitUntil(() => t.app.panel.nodeEvents.positionOf(nodeId), patience);
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await closeDaemon();
    await rm(dir, { recursive: true, force: true });
  });

  it("records a remote server's crash once, by the system, with its last console lines", async () => {
    await crashOnce();
    await expect.poll(async () => (await crashes()).length, patience).toBe(1);
    // Later reads of the journal bring it no second time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [crash] = await crashes();
    expect(await crashes()).toHaveLength(1);
    expect(crash).toMatchObject({ actor: { type: 'system', id: null }, server: serverId, ip: null, data: { exitCode: 3 } });
    expect(crash.data.lines).toContain('about to fall');
  });

  it('emits nothing twice when the panel stops reading or the daemon restarts, and what came meanwhile arrives', async () => {
    const before = (await crashes()).length;
    // The panel's loop ends (as at a panel shutdown) while the server crashes, then reads again.
    await t.app.panel.nodeEvents.stop();
    await crashOnce();
    await expect.poll(() => daemon.events.read({ after: 0 }).then((read) => read.events.length), patience).toBe(before + 1);
    t.app.panel.nodeEvents.start();
    await expect.poll(async () => (await crashes()).length, patience).toBe(before + 1);

    // The daemon restarts: a new journal, read from its start.
    const oldBoot = t.app.panel.nodeEvents.positionOf(nodeId)?.boot;
    await closeDaemon();
    await openDaemon();
    expect(daemon.events.boot).not.toBe(oldBoot);
    await crashOnce();
    await expect.poll(async () => (await crashes()).length, patience).toBe(before + 2);
    await expect.poll(() => t.app.panel.nodeEvents.positionOf(nodeId)?.boot, patience).toBe(daemon.events.boot);
    await crashOnce();
    await expect.poll(async () => (await crashes()).length, patience).toBe(before + 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await crashes()).toHaveLength(before + 3);
  });

  it('a panel that takes the feeds over (another instance, or this one restarted) continues from the position saved in the database', async () => {
    const before = (await crashes()).length;
    await t.app.panel.nodeEvents.stop();
    await crashOnce();
    await expect.poll(() => daemon.events.read({ after: 0 }).then((read) => read.events.length), patience).toBeGreaterThan(0);
    // A feed that knows nothing in memory, as a new leader's: only what came since the last read arrives, once.
    const { repo, nodes, activity } = t.app.panel;
    const successor = new NodeEventFeeds(repo, nodes, activity, { firstRetryMs: 100, waitSeconds: 1, syncMs: 200 });
    successor.start();
    try {
      await expect.poll(async () => (await crashes()).length, patience).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await crashes()).toHaveLength(before + 1);
    } finally {
      await successor.stop();
      t.app.panel.nodeEvents.start();
    }
  });

  it("refuses a user's token on the node's events (403), even an administrator's; the panel's own reads them", async () => {
    expect((await readJournal('after=0', token(String(admin.id), [Scopes.ServersAdmin]))).status).toBe(403);
    expect((await readJournal('after=0', token('panel', [Scopes.ServerView, Scopes.ServerStat]))).status).toBe(403);
    // A token naming a server is for that server's routes only.
    expect((await readJournal('after=0', token('panel', [Scopes.ServersAdmin], serverId))).status).toBe(403);
    expect((await readJournal('after=0', signNodeToken('not-the-secret', { node: String(nodeId), user: 'panel', server: '', scopes: [Scopes.ServersAdmin], exp: Math.floor(Date.now() / 1000) + 60 }))).status).toBe(401);
    const own = await readJournal('after=0', token('panel', [Scopes.ServersAdmin]));
    expect(own.status).toBe(200);
    expect(((await own.json()) as NodeEventBatch).boot).toBe(daemon.events.boot);
  });

  it('answers a long poll at once when there are events, and after its wait when there are none', async () => {
    const panel = token('panel', [Scopes.ServersAdmin]);
    let started = Date.now();
    const now = (await (await readJournal('after=0&wait=10', panel)).json()) as NodeEventBatch;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(now.events.length).toBeGreaterThan(0);
    expect(now.events.every(({ event }) => event.server === serverId)).toBe(true);

    started = Date.now();
    const quiet = (await (await readJournal(`after=${now.next}&boot=${now.boot}&wait=1`, panel)).json()) as NodeEventBatch;
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(quiet).toEqual({ boot: now.boot, age: expect.any(Number), events: [], next: now.next });

    // An event during the wait ends it.
    started = Date.now();
    const waiting = readJournal(`after=${now.next}&boot=${now.boot}&wait=20`, panel);
    setTimeout(() => void crashOnce(), 300);
    const woken = (await (await waiting).json()) as NodeEventBatch;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(woken.events.map(({ event }) => event.event)).toEqual(['server.crashed']);
    expect((await readJournal('wait=26', panel)).status).toBe(400);
  });

  it('stops reading a node once it is removed', async () => {
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}`, headers: admin.headers });
    expect(gone.statusCode).toBe(204);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/nodes/${nodeId}`, headers: admin.headers });
    expect(removed.statusCode).toBe(204);
    await expect.poll(() => t.app.panel.nodeEvents.positionOf(nodeId), patience).toBeUndefined();
  });
});
