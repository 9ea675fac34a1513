// The panel's live connections to a remote node share one socket: what that saves, and what
// happens to them when the node goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { NodeCaller, SocketEvent } from '@outpost/shared';
import { fakeDefinition, serveTestDaemon, waitFor } from '../servers/testServer.js';
import { HttpNodeClient } from './HttpNodeClient.js';
import { NodeSessionsPool, receivedBytes } from './NodeSessions.js';

const id = '5e5510b0';
const admin: NodeCaller = { user: 'admin', scopes: [Scopes.ServersAdmin] };
const watcher: NodeCaller = { user: 'watcher', scopes: [Scopes.ServerView, Scopes.ServerConsole] };
let node: Awaited<ReturnType<typeof serveTestDaemon>>;
let baseUrl: string;
let upgrades = 0;

beforeAll(async () => {
  node = await serveTestDaemon((app) =>
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/daemon/sessions')) upgrades++;
    }),
  );
  baseUrl = node.url;
  await node.daemon.servers.create(id, fakeDefinition());
  await node.daemon.servers.get(id).start();
});
afterAll(() => node.close());

function collect(socket: { onEvent(listener: (event: SocketEvent) => void): () => void }): SocketEvent[] {
  const events: SocketEvent[] = [];
  socket.onEvent((event) => events.push(event));
  return events;
}

const echoOf = (events: SocketEvent[], text: string) => events.find((e) => e.type === 'console' && e.data.logs.join('').includes(text));

describe('NodeSessions', () => {
  it('carries every live connection to a node over one socket, and hands them one console event', async () => {
    // Clients are made per call in the panel: the socket belongs to the panel's pool, not to a client.
    const sessions = new NodeSessionsPool();
    const first = await new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'test-secret', sessions }).connect(admin, id);
    const second = await new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'test-secret', sessions }).connect(watcher, id);
    const [a, b] = [collect(first), collect(second)];
    expect(upgrades).toBe(1);
    // Each asks for the console so far, as the web app does on every open: a new session holds live
    // text until then (ServerSession), and from then on every session gets the same batches.
    first.send({ type: 'replay' });
    second.send({ type: 'replay' });
    await waitFor(() => a.some((e) => e.type === 'console') && b.some((e) => e.type === 'console'));

    first.send({ type: 'console', data: { command: 'echo once' } });
    await waitFor(() => echoOf(a, 'echo: once') !== undefined && echoOf(b, 'echo: once') !== undefined);
    // One parse for both: the panel's socket route encodes a batch once per event object.
    expect(echoOf(a, 'echo: once')).toBe(echoOf(b, 'echo: once'));
    // It keeps the node's JSON of the batch, which the panel's socket route sends on as it came.
    const echo = echoOf(a, 'echo: once')!;
    expect(JSON.parse(String(receivedBytes(echo)))).toEqual({ type: 'console', data: echo.data });

    // The watcher's refusals stay its own.
    second.send({ type: 'stop' });
    await waitFor(() => b.some((e) => e.type === 'error'));
    expect(a.some((e) => e.type === 'error')).toBe(false);
    expect(node.daemon.servers.get(id).running).toBe(true);

    first.close();
    second.close();
    await Promise.all([first.closed, second.closed]);
    // A browser coming back finds the socket still open.
    const third = await new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'test-secret', sessions }).connect(watcher, id);
    expect(upgrades).toBe(1);

    // Another panel in this process (another pool) opens a socket of its own: the two share nothing.
    const otherPanel = await new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'test-secret', sessions: new NodeSessionsPool() }).connect(watcher, id);
    expect(upgrades).toBe(2);
    third.close();
    otherPanel.close();
    await Promise.all([third.closed, otherPanel.closed]);
  });

  it('ends every live connection when the node goes away, and says so to the next one', async () => {
    const leaving = await serveTestDaemon();
    await leaving.daemon.servers.create(id, fakeDefinition());
    const client = new HttpNodeClient({ baseUrl: leaving.url, nodeId: 'node-1', secret: 'test-secret' });
    const sockets = [await client.connect(admin, id), await client.connect(watcher, id)];
    await leaving.close();
    await Promise.all(sockets.map((socket) => socket.closed));
    await expect(client.connect(admin, id)).rejects.toMatchObject({ code: 'ErrNodeUnreachable', status: 502 });
  });

  it('refuses a session whose token the node does not take as the node refusing the panel, not the browser', async () => {
    const client = new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'another-secret' });
    await expect(client.connect(admin, id)).rejects.toMatchObject({ code: 'ErrNodeRefusedSecret', status: 502 });
  });
});
