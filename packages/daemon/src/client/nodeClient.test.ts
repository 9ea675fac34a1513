// One suite, run against both NodeClients: what the panel sees must not depend on where the node is.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { FileDownload, FileListing, NodeCaller, NodeClient, SocketEvent } from '@outpost/shared';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';
import { HttpNodeClient } from './HttpNodeClient.js';
import { LocalNodeClient } from './LocalNodeClient.js';

const admin: NodeCaller = { user: 'admin', scopes: [Scopes.Admin] };
const viewer: NodeCaller = { user: 'viewer', scopes: [Scopes.ServersView, Scopes.ServersStat] };
const operator: NodeCaller = {
  user: 'operator',
  scopes: [Scopes.ServersView, Scopes.ServersConsole, Scopes.ServersConsoleSend, Scopes.ServersStart, Scopes.ServersStop, Scopes.ServersEdit, Scopes.ServersFilesGet, Scopes.ServersFilesPut],
};

async function readAll(download: FileDownload): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of download.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe.each(['local', 'http'] as const)('NodeClient (%s)', (kind) => {
  let open: Awaited<ReturnType<typeof openTestDaemon>>;
  let app: FastifyInstance | undefined;
  let client: NodeClient;
  let serial = 0x100;
  const newId = () => (serial++).toString(16).padStart(8, '0');

  beforeAll(async () => {
    open = await openTestDaemon();
    if (kind === 'local') {
      client = new LocalNodeClient(open.daemon);
    } else {
      app = Fastify();
      await app.register(open.daemon.routes);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      client = new HttpNodeClient({ baseUrl: address, nodeId: 'node-1', secret: 'test-secret' });
    }
  });
  afterAll(async () => {
    await app?.close();
    await open.cleanup();
  });

  it('runs a server as a user sees it: start, console, command, stop', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    expect(await client.getStatus(operator, id)).toEqual({ running: false });

    const socket = await client.connect(operator, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    const consoleText = () => events.flatMap((e) => (e.type === 'console' ? e.data.logs : [])).join('');

    await client.power(operator, id, 'start', { wait: true });
    expect(await client.getStatus(operator, id)).toEqual({ running: true });
    await waitFor(() => consoleText().includes('ready'), 5000, 'banner on the socket');
    expect(events.some((e) => e.type === 'status' && e.data.running)).toBe(true);

    const before = await client.replayConsole(operator, id);
    expect(before.logs.join('')).toContain('ready');
    await client.sendCommand(operator, id, 'echo via http');
    socket.send({ type: 'console', data: { command: 'echo via socket' } });
    await waitFor(() => consoleText().includes('echo: via http') && consoleText().includes('echo: via socket'));
    const since = await client.replayConsole(operator, id, before.epoch);
    expect(since.logs.join('')).toContain('echo: via');
    expect(since.logs.join('')).not.toContain('ready');

    const stats = await client.getStats(viewer, id);
    expect(stats.memory).toBeGreaterThan(1_000_000);
    await client.power(operator, id, 'stop', { wait: true });
    expect(await client.getStatus(operator, id)).toEqual({ running: false });
    await waitFor(() => events.some((e) => e.type === 'status' && !e.data.running));
    socket.close();
    await socket.closed;
  });

  it('answers socket requests for status, stats, replay and files', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    await client.putFile(admin, id, 'hello.txt', 'hi');
    const socket = await client.connect(operator, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    socket.send({ type: 'status' });
    socket.send({ type: 'replay', data: { since: 0 } });
    socket.send({ type: 'file', data: { action: 'create', path: 'world' } });
    socket.send({ type: 'stat' });
    await waitFor(() => events.some((e) => e.type === 'file') && events.some((e) => e.type === 'error'));
    const listing = events.find((e) => e.type === 'file')!.data as FileListing;
    expect(listing.files.map((f) => f.name).sort()).toEqual(['hello.txt', 'world']);
    expect(events.find((e) => e.type === 'error')!.data.code).toBe('ErrMissingScope'); // stat needs server.stat
    expect(events.some((e) => e.type === 'console')).toBe(true);
    socket.close();
  });

  it('sends no console text to a socket without server.console, and refuses its requests', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const socket = await client.connect(viewer, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    socket.send({ type: 'replay' });
    socket.send({ type: 'start' });
    socket.send({ type: 'stat' });
    await client.power(admin, id, 'start', { wait: true });
    await client.sendCommand(admin, id, 'echo secret');
    await waitFor(async () => (await client.replayConsole(admin, id)).logs.join('').includes('echo: secret'));
    await waitFor(() => events.some((e) => e.type === 'stat'));
    await new Promise((r) => setTimeout(r, 100));
    expect(events.some((e) => e.type === 'console')).toBe(false);
    expect(events.filter((e) => e.type === 'error').map((e) => e.data.code)).toEqual(['ErrMissingScope', 'ErrMissingScope']);
    expect(events.some((e) => e.type === 'status' && e.data.running)).toBe(true);
    socket.close();
    await client.power(admin, id, 'kill', { wait: true });
  });

  it('refuses calls without the scope they need', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    expect(await codeOf(client.power(viewer, id, 'start', { wait: true }))).toBe('ErrMissingScope');
    expect(await codeOf(client.replayConsole(viewer, id))).toBe('ErrMissingScope');
    expect(await codeOf(client.getDefinition(operator, id))).toBe('ErrMissingScope');
    expect(await codeOf(client.createServer(operator, newId(), fakeDefinition()))).toBe('ErrMissingScope');
    expect(await codeOf(client.deleteServer(operator, id))).toBe('ErrMissingScope');
    expect(await codeOf(client.power(operator, id, 'install', { wait: true }))).toBe('ErrMissingScope');
    expect(await codeOf(client.putFile(viewer, id, 'x.txt', 'x'))).toBe('ErrMissingScope');
    expect(await codeOf(client.connect({ user: 'nobody', scopes: [] }, id))).toBe('ErrMissingScope');
    expect(await codeOf(client.getStatus(admin, 'ffffffff'))).toBe('ErrNotFound');
  });

  it('edits definition and data, reloads, and deletes', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    expect(await codeOf(client.createServer(admin, id, fakeDefinition()))).toBe('ErrAlreadyExists');
    const def = await client.getDefinition(admin, id);
    def.run.autorestart = true;
    await client.putDefinition(admin, id, def);
    await client.reload(admin, id);
    expect((await client.getDefinition(admin, id)).run.autorestart).toBe(true);
    expect(await codeOf(client.putDefinition(admin, id, { run: { command: 'x' }, environment: { type: 'bogus' } } as never))).toBe('ErrInvalidJson');

    await client.putData(operator, id, { motd: 'changed' });
    expect((await client.getData(operator, id)).motd.value).toBe('changed');
    expect(await codeOf(client.putData(operator, id, { port: 1 }))).toBe('ErrNoPermission');
    expect(await codeOf(client.putData(admin, id, { port: 'x' }))).toBe('ErrInvalidVariable');

    const socket = await client.connect(admin, id);
    await client.deleteServer(admin, id);
    expect(await codeOf(client.getStatus(admin, id))).toBe('ErrNotFound');
    await socket.closed; // live connections to a deleted server end
  });

  it('manages files: upload, list, download, folder, archive, extract, delete, and refuses escapes', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    await client.putFile(operator, id, 'config/server.properties', 'motd=hi\n');
    await client.putFile(operator, id, 'big.bin', (async function* () {
      for (let i = 0; i < 64; i++) yield new Uint8Array(16384).fill(65 + (i % 26));
    })());
    await client.createFolder(operator, id, 'logs');
    const root = (await client.getFile(operator, id, '/')) as FileListing;
    expect(root.files.map((f) => f.name).sort()).toEqual(['big.bin', 'config', 'logs']);
    expect(root.files.find((f) => f.name === 'big.bin')!.size).toBe(64 * 16384);
    const file = (await client.getFile(operator, id, 'config/server.properties')) as FileDownload;
    expect(await readAll(file)).toBe('motd=hi\n');

    await client.archive(operator, id, 'backup.zip', ['config']);
    await client.deleteFile(operator, id, 'config');
    await client.extract(operator, id, 'backup.zip', 'restored');
    expect(await readAll((await client.getFile(operator, id, 'restored/config/server.properties')) as FileDownload)).toBe('motd=hi\n');

    expect(await codeOf(client.getFile(operator, id, '../../etc/passwd'))).toBe('ErrPathOutsideServer');
    expect(await codeOf(client.getFile(operator, id, 'missing.txt'))).toBe('ErrNotFound');
  });
});
