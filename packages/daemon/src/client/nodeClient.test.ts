// One suite, run against both NodeClients: what the panel sees must not depend on where the node
// is. In-process the panel calls the daemon's NodeApi; over HTTP the daemon's routes call the same
// NodeApi, so every answer here, refusals included (code, status and metadata), must match.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POWER_ACTIONS, powerActions, Scopes, scopesOf, serverActionScopes as need, socketMessageAction } from '@outpost/shared';
import type { FileDownload, FileListing, NodeCaller, NodeClient, ScopeNeed, SocketEvent, SocketRequest } from '@outpost/shared';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';
import { HttpNodeClient } from './HttpNodeClient.js';

const admin: NodeCaller = { user: 'admin', scopes: [Scopes.ServersAdmin] };
const viewer: NodeCaller = { user: 'viewer', scopes: [Scopes.ServerView, Scopes.ServerStat] };
const operator: NodeCaller = {
  user: 'operator',
  scopes: [Scopes.ServerView, Scopes.ServerConsole, Scopes.ServerConsoleSend, Scopes.ServerStart, Scopes.ServerStop, Scopes.ServerEdit, Scopes.ServerFilesGet, Scopes.ServerFilesPut],
};

/** A caller holding every scope there is but the admin one and those `lacking` names. */
function allBut(lacking: ScopeNeed): NodeCaller {
  const missing = new Set<string>([Scopes.ServersAdmin, ...scopesOf(lacking)]);
  return { user: 'stranger', scopes: Object.values(Scopes).filter((scope) => !missing.has(scope)) };
}

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

/** How a call ended, as the panel sees it: 'ok', or the error's code, status and metadata. */
function outcomeOf(promise: Promise<unknown>): Promise<'ok' | { code?: string; status?: number; metadata?: Record<string, unknown> }> {
  return promise.then(
    () => 'ok' as const,
    ({ code, status, metadata }: { code?: string; status?: number; metadata?: Record<string, unknown> }) => ({ code, status, metadata }),
  );
}

type Call = { need: ScopeNeed; run: (client: NodeClient, caller: NodeCaller, id: string) => Promise<unknown> };

/** The calls about the node itself rather than a server: their own case below. */
type NodeWideCall = 'nodeInfo' | 'setSecret' | 'restrictTasks';

/** Every NodeClient method on a server with good inputs, and what it needs: a method missing here fails to compile. */
const calls: Record<Exclude<keyof NodeClient, NodeWideCall>, Call> = {
  createServer: { need: need.create, run: (c, who, id) => c.createServer(who, id, fakeDefinition()) },
  deleteServer: { need: need.delete, run: (c, who, id) => c.deleteServer(who, id) },
  getDefinition: { need: need.definitionView, run: (c, who, id) => c.getDefinition(who, id) },
  putDefinition: { need: need.definitionEdit, run: (c, who, id) => c.putDefinition(who, id, fakeDefinition({ autorestart: true })) },
  getData: { need: need.dataView, run: (c, who, id) => c.getData(who, id) },
  putData: { need: need.dataEdit, run: (c, who, id) => c.putData(who, id, { motd: 'changed' }) },
  getFlags: { need: need.flagsView, run: (c, who, id) => c.getFlags(who, id) },
  setFlags: { need: need.flagsEdit, run: (c, who, id) => c.setFlags(who, id, { autoStart: true }) },
  reload: { need: need.reload, run: (c, who, id) => c.reload(who, id) },
  getStatus: { need: need.status, run: (c, who, id) => c.getStatus(who, id) },
  getStats: { need: need.stats, run: (c, who, id) => c.getStats(who, id) },
  getQuery: { need: need.stats, run: (c, who, id) => c.getQuery(who, id) },
  replayConsole: { need: need.consoleView, run: (c, who, id) => c.replayConsole(who, id) },
  sendCommand: { need: need.consoleSend, run: (c, who, id) => c.sendCommand(who, id, 'echo x') },
  power: { need: need.start, run: (c, who, id) => c.power(who, id, 'start', { wait: true }) },
  getFile: { need: need.fileGet, run: (c, who, id) => c.getFile(who, id, '/') },
  putFile: { need: need.filePut, run: (c, who, id) => c.putFile(who, id, 'planted.txt', 'x') },
  createFolder: { need: need.filePut, run: (c, who, id) => c.createFolder(who, id, 'planted') },
  deleteFile: { need: need.fileDelete, run: (c, who, id) => c.deleteFile(who, id, 'keep.txt') },
  archive: { need: need.archive, run: (c, who, id) => c.archive(who, id, 'planted.zip', ['keep.txt']) },
  extract: { need: need.extract, run: (c, who, id) => c.extract(who, id, 'keep.zip', 'planted') },
  connect: { need: need.connect, run: async (c, who, id) => (await c.connect(who, id)).close() },
  // Someone else's sessions: a user may always end their own (endSftpSessions.test.ts).
  endSftpSessions: { need: Scopes.ServerUsersEdit, run: (c, who, id) => c.endSftpSessions(who, 'someone-else', id) },
  getTasks: { need: need.tasksView, run: (c, who, id) => c.getTasks(who, id) },
  createTask: { need: need.tasksEdit, run: (c, who, id) => c.createTask(who, id, { name: 'planted', cronSchedule: null, operations: [] }) },
  editTask: { need: need.tasksEdit, run: (c, who, id) => c.editTask(who, id, 'none', { name: 'planted', cronSchedule: null, operations: [] }) },
  deleteTask: { need: need.tasksEdit, run: (c, who, id) => c.deleteTask(who, id, 'none') },
  runTask: { need: need.taskRun, run: (c, who, id) => c.runTask(who, id, 'none') },
};

describe.each(['local', 'http'] as const)('NodeClient (%s)', (kind) => {
  let open: Awaited<ReturnType<typeof openTestDaemon>>;
  let app: FastifyInstance | undefined;
  let client: NodeClient;
  let baseUrl = '';
  let serial = 0x100;
  const newId = () => (serial++).toString(16).padStart(8, '0');

  beforeAll(async () => {
    open = await openTestDaemon();
    if (kind === 'local') {
      client = open.daemon.api;
    } else {
      // A download's last bytes can reach the client before the daemon sees its file stream end:
      // closing must not then wait out that connection's keep-alive.
      app = Fastify({ forceCloseConnections: true });
      await app.register(open.daemon.routes);
      baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      client = new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: 'test-secret' });
    }
  });
  afterAll(async () => {
    await app?.close();
    await open.cleanup();
  });

  it('runs a server as a user sees it: start, console, command, stop', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    expect(await client.getStatus(operator, id)).toEqual({ running: false, installing: false });

    const socket = await client.connect(operator, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    const consoleText = () => events.flatMap((e) => (e.type === 'console' ? e.data.logs : [])).join('');

    await client.power(operator, id, 'start', { wait: true });
    expect(await client.getStatus(operator, id)).toEqual({ running: true, installing: false });
    await waitFor(() => consoleText().includes('ready'), 10_000, 'banner on the socket');
    expect(events.some((e) => e.type === 'status' && e.data.running)).toBe(true);

    const before = await client.replayConsole(operator, id);
    expect(before.logs.join('')).toContain('ready');
    await client.sendCommand(operator, id, 'echo via http\n');
    socket.send({ type: 'console', data: { command: 'echo via socket' } });
    await waitFor(() => consoleText().includes('echo: via http') && consoleText().includes('echo: via socket'));
    const since = await client.replayConsole(operator, id, before.epoch);
    expect(since.logs.join('')).toContain('echo: via');
    expect(since.logs.join('')).not.toContain('ready');
    // A since that is no number replays everything, as if none were given.
    expect((await client.replayConsole(operator, id, Number.NaN)).logs.join('')).toContain('ready');

    const stats = await client.getStats(viewer, id);
    expect(stats.memory).toBeGreaterThan(1_000_000);
    await client.power(operator, id, 'stop', { wait: true });
    expect(await client.getStatus(operator, id)).toEqual({ running: false, installing: false });
    await waitFor(() => events.some((e) => e.type === 'status' && !e.data.running));
    socket.close();
    await socket.closed;
  });

  it('a socket that reconnects and asks for what came since its last epoch gets every line once, in order', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition({ command: [process.execPath, '-e', "let n = 0; setInterval(() => console.log('line ' + n++), 2)"], stop: undefined, stopCode: 15 }));
    await client.power(operator, id, 'start', { wait: true });
    const numbers = (text: string) => [...text.matchAll(/line (\d+)/g)].map((m) => Number(m[1]));
    await waitFor(async () => numbers((await client.replayConsole(operator, id)).logs.join('')).length > 20);
    const { epoch } = await client.replayConsole(operator, id);
    // A reconnect: the socket opens while lines keep coming, and asks a moment later for those since the epoch it knew.
    const socket = await client.connect(operator, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.send({ type: 'replay', data: { since: epoch } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.close();
    await socket.closed;
    await client.power(operator, id, 'kill', { wait: true });
    const seen = numbers(events.flatMap((e) => (e.type === 'console' ? e.data.logs : [])).join(''));
    expect(seen.length).toBeGreaterThan(50);
    expect(seen).toEqual(seen.map((_, k) => seen[0] + k));
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

  it('answers malformed socket messages with an error event and keeps the connection', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const socket = await client.connect(admin, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    const errors = () => events.flatMap((e) => (e.type === 'error' ? [e.data.code] : []));
    for (const message of [{ type: 'bogus' }, { type: 'console', data: {} }, { type: 'file', data: { action: 'chmod', path: '/' } }, null]) {
      socket.send(message as unknown as SocketRequest);
    }
    await waitFor(() => errors().length === 4);
    expect(errors()).toEqual(['ErrInvalidJson', 'ErrFieldRequired', 'ErrInvalidJson', 'ErrInvalidJson']);
    socket.send({ type: 'status' });
    await waitFor(() => events.filter((e) => e.type === 'status').length >= 2);
    socket.close();
  });

  it('sends no console text to a socket without server.console, and refuses its requests', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const watcher = await client.connect(admin, id);
    const seen: SocketEvent[] = [];
    watcher.onEvent((event) => seen.push(event));
    const socket = await client.connect(viewer, id);
    const events: SocketEvent[] = [];
    socket.onEvent((event) => events.push(event));
    socket.send({ type: 'replay' });
    socket.send({ type: 'start' });
    await client.power(admin, id, 'start', { wait: true });
    await client.sendCommand(admin, id, 'echo secret');
    // A batch reaches every subscriber in the same turn: once the admin has it, anything the
    // viewer was sent is ahead of the answer to a request the viewer makes now.
    await waitFor(() => seen.some((e) => e.type === 'console' && e.data.logs.join('').includes('echo: secret')));
    socket.send({ type: 'stat' });
    await waitFor(() => events.some((e) => e.type === 'stat'));
    expect(events.some((e) => e.type === 'console')).toBe(false);
    expect(events.filter((e) => e.type === 'error').map((e) => e.data.code)).toEqual(['ErrMissingScope', 'ErrMissingScope']);
    expect(events.some((e) => e.type === 'status' && e.data.running)).toBe(true);
    socket.close();
    watcher.close();
    await client.power(admin, id, 'kill', { wait: true });
  });

  it('refuses every call without the scope the table names, with 403 naming it, and changes nothing', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    await client.putFile(admin, id, 'keep.txt', 'kept');
    await client.archive(admin, id, 'keep.zip', ['keep.txt']);
    const definition = await client.getDefinition(admin, id);
    const cases = [
      ...Object.entries(calls).map(([method, call]) => ({ what: method, ...call })),
      ...POWER_ACTIONS.map((action) => ({ what: `power ${action}`, need: need[powerActions[action]], run: (c: NodeClient, who: NodeCaller, at: string) => c.power(who, at, action, { wait: true }) })),
    ];
    for (const { what, need: wanted, run } of cases) {
      const answer = await outcomeOf(run(client, allBut(wanted), id));
      expect(answer, what).toEqual({ code: 'ErrMissingScope', status: 403, metadata: { scope: scopesOf(wanted)[0] } });
    }
    expect(await client.getStatus(admin, id)).toEqual({ running: false, installing: false });
    expect(await client.getDefinition(admin, id)).toEqual(definition);
    expect((await client.getData(admin, id)).motd.value).not.toBe('changed');
    const root = (await client.getFile(admin, id, '/')) as FileListing;
    expect(root.files.map((f) => f.name).sort()).toEqual(['keep.txt', 'keep.zip']);
  });

  it('answers 404 ErrNotFound on every call for a server the node does not have or an id that names none', async () => {
    for (const id of ['ffffffff', 'NOT-AN-ID', '../../etc', '']) {
      for (const [method, call] of Object.entries(calls)) {
        // Creating an unknown server with a well-formed id is what createServer is for.
        if (method === 'createServer' && id === 'ffffffff') continue;
        const answer = await outcomeOf(call.run(client, admin, id));
        expect(answer, `${method} ${JSON.stringify(id)}`).toEqual({ code: 'ErrNotFound', status: 404, metadata: { id } });
      }
    }
  });

  it('refuses bad input with the same 4xx code either way', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const bad: Array<[string, () => Promise<unknown>, object]> = [
      ['duplicate server', () => client.createServer(admin, id, fakeDefinition()), { code: 'ErrAlreadyExists', status: 409 }],
      ['definition of nothing', () => client.createServer(admin, newId(), {} as never), { code: 'ErrFieldRequired', status: 400 }],
      ['bogus environment', () => client.putDefinition(admin, id, { run: { command: 'x' }, environment: { type: 'bogus' } } as never), { code: 'ErrInvalidJson', status: 400 }],
      ['no data', () => client.putData(admin, id, null as never), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'data' } }],
      ['variable of the wrong type', () => client.putData(admin, id, { port: 'x' }), { code: 'ErrInvalidVariable', status: 400 }],
      ['admin variable by a user', () => client.putData(operator, id, { port: 1 }), { code: 'ErrNoPermission', status: 403 }],
      ['no command', () => client.sendCommand(admin, id, undefined as never), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'command' } }],
      ['unknown power action', () => client.power(admin, id, 'definition' as never), { code: 'ErrNotFound', status: 404, metadata: { action: 'definition' } }],
      ['nothing to archive', () => client.archive(admin, id, 'a.zip', []), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'paths' } }],
      ['missing archive', () => client.extract(admin, id, 'missing.zip', '/'), { code: 'ErrNotFound', status: 404 }],
      ['missing file', () => client.getFile(admin, id, 'missing.txt'), { code: 'ErrNotFound', status: 404 }],
      ['no user', () => client.endSftpSessions(admin, '', id), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'user' } }],
      ['overlong user', () => client.endSftpSessions(admin, 'u'.repeat(65)), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'user' } }],
      ['task with a blank name', () => client.createTask(admin, id, { name: '  ', operations: [] }), { code: 'ErrFieldRequired', status: 400, metadata: { field: 'name' } }],
      ['task with a bad schedule', () => client.createTask(admin, id, { name: 't', cronSchedule: '61 * * * *', operations: [] }), { code: 'ErrInvalidCron', status: 400, metadata: { cron: '61 * * * *' } }],
      ['task with six fields', () => client.createTask(admin, id, { name: 't', cronSchedule: '* * * * * *', operations: [] }), { code: 'ErrInvalidCron', status: 400 }],
      ['task with an unknown operation', () => client.createTask(admin, id, { name: 't', operations: [{ type: 'format-disk' } as never] }), { code: 'ErrUnknownOperation', status: 400, metadata: { index: 0, type: 'format-disk' } }],
      ['task operation without its fields', () => client.createTask(admin, id, { name: 't', operations: [{ type: 'wait' } as never] }), { code: 'ErrInvalidOperation', status: 400, metadata: { index: 0, type: 'wait' } }],
      ['unknown task', () => client.runTask(admin, id, 'nope'), { code: 'ErrNotFound', status: 404, metadata: { id: 'nope' } }],
    ];
    for (const [what, work, expected] of bad) expect(await outcomeOf(work()), what).toMatchObject(expected);
    expect((await client.getTasks(admin, id)).tasks).toEqual({});
    expect((await client.getDefinition(admin, id)).environment).toEqual(fakeDefinition().environment);
  });

  it('refuses every file call that climbs out of the server folder or names an overlong file, and a pipe', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const root = open.daemon.servers.get(id).root;
    execFileSync('mkfifo', [join(root, 'pipe')]);
    try {
      expect(await outcomeOf(client.getFile(admin, id, 'pipe'))).toMatchObject({ code: 'ErrNotAFile', status: 400 });
      expect(((await client.getFile(admin, id, '/')) as FileListing).files.map((f) => f.name)).toEqual(['pipe']);
    } finally {
      await rm(join(root, 'pipe'));
    }
    await client.archive(admin, id, 'a.zip', ['/']);
    const fileCalls = (name: string) => ({
      getFile: () => client.getFile(admin, id, name),
      putFile: () => client.putFile(admin, id, name, 'x'),
      createFolder: () => client.createFolder(admin, id, name),
      deleteFile: () => client.deleteFile(admin, id, name),
      'archive target': () => client.archive(admin, id, name, ['/']),
      'archive source': () => client.archive(admin, id, 'b.zip', [name]),
      'extract archive': () => client.extract(admin, id, name, '/'),
      'extract destination': () => client.extract(admin, id, 'a.zip', name),
    });
    for (const [name, code] of [['../../../etc/passwd', 'ErrPathOutsideServer'], [`${'n'.repeat(300)}.zip`, 'ErrNameTooLong']]) {
      for (const [what, work] of Object.entries(fileCalls(name))) {
        expect(await outcomeOf(work()), `${what} ${code}`).toMatchObject({ code, status: 400 });
      }
    }
  });

  it('refuses every live-connection message the caller lacks the table\'s scope for', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const messages: SocketRequest[] = [
      { type: 'start' }, { type: 'stop' }, { type: 'kill' }, { type: 'restart' }, { type: 'install' }, { type: 'stat' },
      { type: 'replay' }, { type: 'console', data: { command: 'x' } },
      { type: 'file', data: { action: 'get', path: '/' } }, { type: 'file', data: { action: 'create', path: 'nope' } }, { type: 'file', data: { action: 'delete', path: 'nope' } },
    ];
    for (const message of messages) {
      const wanted = need[socketMessageAction(message)!];
      // Lacking the last scope the need names; holding view, which connecting needs.
      const lacking = scopesOf(wanted).at(-1)!;
      const caller: NodeCaller = { user: 'u1', scopes: Object.values(Scopes).filter((s) => s.startsWith('server.') && s !== lacking) };
      const socket = await client.connect(caller, id);
      const events: SocketEvent[] = [];
      socket.onEvent((event) => events.push(event));
      try {
        socket.send(message);
        await vi.waitFor(() => expect(events.some((e) => e.type === 'error'), `refusal of ${message.type}`).toBe(true));
        expect(events.find((e) => e.type === 'error')?.data, JSON.stringify(message)).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: lacking } });
      } finally {
        socket.close();
      }
    }
    expect(await client.getStatus(admin, id)).toEqual({ running: false, installing: false });
    expect(((await client.getFile(admin, id, '/')) as FileListing).files).toEqual([]);
  });

  it('edits definition and data, reloads, and deletes', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    const def = await client.getDefinition(admin, id);
    def.run.autorestart = true;
    await client.putDefinition(admin, id, def);
    await client.reload(admin, id);
    expect((await client.getDefinition(admin, id)).run.autorestart).toBe(true);

    // PufferPanel 3's flags are the run section's, under its names; one set leaves the others as they were.
    expect(await client.getFlags(admin, id)).toEqual({ autoStart: false, autoRestartOnCrash: false, autoRestartOnGraceful: true });
    await client.setFlags(admin, id, { autoRestartOnCrash: true });
    expect(await client.getFlags(admin, id)).toEqual({ autoStart: false, autoRestartOnCrash: true, autoRestartOnGraceful: true });
    await client.reload(admin, id);
    expect((await client.getDefinition(admin, id)).run).toMatchObject({ autorecover: true, autorestart: true });

    await client.putData(operator, id, { motd: 'changed' });
    expect((await client.getData(operator, id)).motd.value).toBe('changed');

    const socket = await client.connect(admin, id);
    await client.deleteServer(admin, id);
    expect(await codeOf(client.getStatus(admin, id))).toBe('ErrNotFound');
    await socket.closed; // live connections to a deleted server end
  });

  it('keeps tasks in the definition: create, list, edit, run now, delete', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    // A step writes files as the definition's steps do: servers.edit.admin, which the operator lacks.
    const step = { type: 'mkdir' as const, target: 'backups' };
    expect(await outcomeOf(client.createTask(operator, id, { name: 'Backup', operations: [step] }))).toEqual({ code: 'ErrMissingScope', status: 403, metadata: { scope: Scopes.ServersEditAdmin, index: 0 } });
    const builder: NodeCaller = { user: 'builder', scopes: [...operator.scopes, Scopes.ServersEditAdmin] };
    const taskId = await client.createTask(builder, id, { name: 'Backup', cronSchedule: '0 3 * * *', operations: [step] });
    const list = await client.getTasks(operator, id);
    expect(list.tasks).toEqual({ [taskId]: { name: 'Backup', cronSchedule: '0 3 * * *', operations: [{ type: 'mkdir', target: 'backups' }] } });
    expect(list.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // Tasks live in the definition, so an export of the server carries them.
    expect((await client.getDefinition(admin, id)) as { tasks?: unknown }).toMatchObject({ tasks: list.tasks });

    await client.editTask(builder, id, taskId, { name: 'Backup now', cronSchedule: '', operations: [step, { type: 'console', command: 'save' }] });
    expect((await client.getTasks(operator, id)).tasks[taskId]).toMatchObject({ name: 'Backup now', cronSchedule: null });
    expect(await outcomeOf(client.runTask(operator, id, taskId))).toEqual({ code: 'ErrMissingScope', status: 403, metadata: { scope: Scopes.ServersEditAdmin, index: 0 } });
    await client.runTask(builder, id, taskId);
    await waitFor(async () => (await client.replayConsole(operator, id)).logs.join('').includes('[DAEMON] Task Backup now finished'));
    const root = (await client.getFile(operator, id, '/')) as FileListing;
    expect(root.files.map((f) => f.name)).toContain('backups');

    // The builder's access narrows (node-wide, named per server): their task stops, and says why.
    expect(await outcomeOf(client.restrictTasks(operator, builder.user, { [id]: [] }))).toEqual({ code: 'ErrMissingScope', status: 403, metadata: { scope: Scopes.ServersAdmin } });
    await client.restrictTasks(builder, builder.user, { [id]: operator.scopes, ffffffff: [] });
    expect((await client.getTasks(operator, id)).tasks[taskId].disabled).toEqual({ reason: 'ownerLacksScope', scope: Scopes.ServersEditAdmin });

    await client.deleteTask(operator, id, taskId);
    expect((await client.getTasks(operator, id)).tasks).toEqual({});
    expect(await codeOf(client.deleteTask(operator, id, taskId))).toBe('ErrNotFound');
  });

  it('manages files: upload, list, download, folder, archive, extract, delete', async () => {
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    await client.putFile(operator, id, 'config/server.properties', 'motd=hi\n');
    await client.putFile(operator, id, 'big.bin', (async function* () {
      for (let i = 0; i < 64; i++) yield new Uint8Array(16384).fill(65 + (i % 26));
    })());
    await client.putFile(operator, id, 'bytes.bin', new Uint8Array([104, 105]));
    await client.createFolder(operator, id, 'logs');
    const root = (await client.getFile(operator, id, '/')) as FileListing;
    expect(root.files.map((f) => f.name).sort()).toEqual(['big.bin', 'bytes.bin', 'config', 'logs']);
    expect(root.files.find((f) => f.name === 'big.bin')!.size).toBe(64 * 16384);
    expect(await readAll((await client.getFile(operator, id, 'bytes.bin')) as FileDownload)).toBe('hi');
    const file = (await client.getFile(operator, id, 'config/server.properties')) as FileDownload;
    expect(await readAll(file)).toBe('motd=hi\n');

    await client.archive(operator, id, 'backup.zip', ['config']);
    await client.deleteFile(operator, id, 'config');
    await client.extract(operator, id, 'backup.zip', 'restored');
    expect(await readAll((await client.getFile(operator, id, 'restored/config/server.properties')) as FileDownload)).toBe('motd=hi\n');
  });

  it('says what it runs and what it enforces of limits, and takes a new secret that replaces the old one at once', async () => {
    expect(await client.nodeInfo({ user: 'panel', scopes: [] })).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      limits: { cgroup: expect.toBeOneOf(['v1', 'v2', null]), memory: expect.any(Boolean), cpu: expect.any(Boolean), processes: expect.any(Boolean), disk: true },
    });
    const fresh = 'n'.repeat(43);
    expect(await outcomeOf(client.setSecret(allBut(need.nodeSecret), fresh))).toEqual({ code: 'ErrMissingScope', status: 403, metadata: { scope: need.nodeSecret } });
    expect(await outcomeOf(client.setSecret(admin, 'short'))).toMatchObject({ code: kind === 'local' ? 'ErrFieldLength' : expect.stringMatching(/^Err/), status: 400 });
    const id = newId();
    await client.createServer(admin, id, fakeDefinition());
    await client.setSecret(admin, fresh);
    try {
      expect(open.daemon.config.secret).toBe(fresh);
      if (kind === 'http') {
        // The panel's old client, still signing with the old secret, is refused from the next call on.
        expect(await outcomeOf(client.getStatus(admin, id))).toEqual({ code: 'ErrNodeRefusedSecret', status: 502, metadata: undefined });
        expect(await outcomeOf(client.nodeInfo(admin))).toMatchObject({ code: 'ErrNodeRefusedSecret', status: 502 });
        const renewed = new HttpNodeClient({ baseUrl, nodeId: 'node-1', secret: fresh });
        expect(await renewed.getStatus(admin, id)).toEqual({ running: false, installing: false });
      }
    } finally {
      await open.daemon.setSecret('test-secret');
    }
  });
});
