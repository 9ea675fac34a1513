import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { NodeCaller } from '@outpost/shared';
import { Daemon } from '../Daemon.js';
import { fakeDefinition, openTestDaemon, waitFor } from './testServer.js';

const admin: NodeCaller = { user: 'admin', scopes: [Scopes.ServersAdmin] };

let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await open?.cleanup();
  open = undefined;
});

const text = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('scheduled tasks', () => {
  it('runs a task every minute as the clock moves, and not before', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    await daemon.servers.create('7a000001', fakeDefinition());
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2030, 0, 1, 12, 0, 30));
    await daemon.api.createTask(admin, '7a000001', { name: 'Minutely', cronSchedule: '* * * * *', operations: [{ type: 'mkdir', target: 'ticks' }] });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(text(daemon, '7a000001')).not.toContain('Task Minutely');

    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => text(daemon, '7a000001').includes('[DAEMON] Task Minutely finished'), 10_000, 'the first run');
    expect(existsSync(join(daemon.servers.get('7a000001').root, 'ticks'))).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => count(text(daemon, '7a000001'), '[DAEMON] Task Minutely finished') === 2, 10_000, 'the second run');
  });

  it('stops the server, waits, and starts it again, saying so in the console', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    const server = await daemon.servers.create('7a000002', fakeDefinition());
    await server.start();
    const id = await daemon.api.createTask(admin, '7a000002', { name: 'Nightly restart', operations: [{ type: 'stop' }, { type: 'wait', seconds: 0.2 }, { type: 'start' }] });
    await daemon.api.runTask(admin, '7a000002', id);
    await waitFor(() => text(daemon, '7a000002').includes('[DAEMON] Task Nightly restart finished'), 10_000, 'the task to finish');
    await waitFor(() => count(text(daemon, '7a000002'), 'ready') === 2, 10_000, 'the second banner');
    const log = text(daemon, '7a000002');
    expect(log.indexOf('stopping')).toBeLessThan(log.lastIndexOf('[DAEMON] Starting server'));
    expect(count(log, 'ready')).toBe(2);
    expect(server.running).toBe(true);
    await server.kill();
  });

  it('never runs two of the same task at once, and kill ends a running task', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    const server = await daemon.servers.create('7a000003', fakeDefinition());
    const id = await daemon.api.createTask(admin, '7a000003', { name: 'Slow', operations: [{ type: 'wait', seconds: 3600 }, { type: 'mkdir', target: 'after' }] });
    await daemon.api.runTask(admin, '7a000003', id);
    await daemon.api.runTask(admin, '7a000003', id);
    await waitFor(() => text(daemon, '7a000003').includes('[DAEMON] Task Slow is still running; this run is skipped'));
    expect(count(text(daemon, '7a000003'), '[DAEMON] Task Slow started')).toBe(1);
    await server.kill();
    await waitFor(() => text(daemon, '7a000003').includes('[DAEMON] Task Slow failed: the server was killed'));
    expect(existsSync(join(server.root, 'after'))).toBe(false);
  });

  it('keeps the schedule over a daemon restart, and drops it with the server', async () => {
    open = await openTestDaemon();
    const first = open.daemon;
    await first.servers.create('7a000004', fakeDefinition());
    const operations = [{ type: 'mkdir' as const, target: 'saved' }];
    const id = await first.api.createTask(admin, '7a000004', { name: 'Daily', cronSchedule: '0 0 */1 * *', operations });
    await first.close();

    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2030, 0, 1, 23, 59, 0));
    const daemon = await Daemon.open(first.config);
    const cleanup = open.cleanup;
    open = { ...open, daemon, cleanup: async () => { await daemon.close(); await cleanup(); } };
    expect((await daemon.api.getTasks(admin, '7a000004')).tasks[id]).toEqual({ name: 'Daily', cronSchedule: '0 0 */1 * *', operations });
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => text(daemon, '7a000004').includes('[DAEMON] Task Daily finished'), 10_000, 'the run at midnight');
    expect(existsSync(join(daemon.servers.get('7a000004').root, 'saved'))).toBe(true);

    // A deleted server's tasks go with it: nothing runs for it at the next midnight.
    // Deleting waits on timers of its own (the file worker's grace), so the clock moves meanwhile.
    const removed = daemon.servers.get('7a000004');
    let deleted = false;
    const deleting = daemon.api.deleteServer(admin, '7a000004').finally(() => (deleted = true));
    while (!deleted) await vi.advanceTimersByTimeAsync(100);
    await deleting;
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(count(removed.console.replay().logs.join(''), '[DAEMON] Task Daily started')).toBe(1);
    expect(daemon.servers.has('7a000004')).toBe(false);
    await expect(daemon.api.getTasks(admin, '7a000004')).rejects.toMatchObject({ code: 'ErrNotFound' });
  });
});

// Issue 26, findings 2 and 6: a task does no more than its operations would let whoever saved it do by hand.
describe('what a task may do', () => {
  const editor: NodeCaller = { user: '7', scopes: [Scopes.ServerView, Scopes.ServerEdit] };
  // editServerData and every per-server flag, and servers.edit.admin panel-wide: every operation by hand.
  const operator: NodeCaller = { user: '8', scopes: [...Object.values(Scopes).filter((scope) => scope.startsWith('server.')), Scopes.ServersEditAdmin] };

  it('refuses to save or run a task with an operation the caller may not do by hand, naming the scope, and saves nothing', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    const server = await daemon.servers.create('7a000011', fakeDefinition());
    const cases = [
      [{ type: 'start' }, Scopes.ServerStart],
      [{ type: 'stop' }, Scopes.ServerStop],
      [{ type: 'kill' }, Scopes.ServerStop],
      [{ type: 'restart' }, Scopes.ServerStart],
      [{ type: 'console', command: 'op me' }, Scopes.ServerConsoleSend],
      [{ type: 'command', commands: ['touch planted'] }, Scopes.ServersEditAdmin],
      [{ type: 'writefile', target: 'planted', text: 'x' }, Scopes.ServersEditAdmin],
      [{ type: 'download', files: ['http://127.0.0.1:9/x'] }, Scopes.ServersEditAdmin],
    ] as const;
    for (const [operation, scope] of cases) {
      const task = { name: 'Planted', cronSchedule: '* * * * *', operations: [{ type: 'wait' as const, seconds: 0 }, operation] };
      await expect(daemon.api.createTask(editor, '7a000011', task), operation.type).rejects.toMatchObject({ code: 'ErrMissingScope', status: 403, metadata: { scope, index: 1 } });
    }
    expect((await daemon.api.getTasks(admin, '7a000011')).tasks).toEqual({});

    // The admin's task: the editor may neither take it over by editing it nor run its command step.
    const id = await daemon.api.createTask(admin, '7a000011', { name: 'Admin job', operations: [{ type: 'command', commands: ['touch planted'] }] });
    await expect(daemon.api.editTask(editor, '7a000011', id, { name: 'Mine now', operations: [{ type: 'command', commands: ['touch planted'] }] })).rejects.toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServersEditAdmin } });
    await expect(daemon.api.runTask(editor, '7a000011', id)).rejects.toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServersEditAdmin, index: 0 } });
    expect((await daemon.api.getTasks(admin, '7a000011')).tasks[id].name).toBe('Admin job');
    expect(text(daemon, '7a000011')).not.toContain('Task Admin job started');
    expect(existsSync(join(server.root, 'planted'))).toBe(false);

    // What the editor may do by hand, a task of theirs may do: wait.
    const own = await daemon.api.createTask(editor, '7a000011', { name: 'Pause', operations: [{ type: 'wait', seconds: 0 }] });
    await daemon.api.runTask(editor, '7a000011', own);
    await waitFor(() => text(daemon, '7a000011').includes('[DAEMON] Task Pause finished'));
  });

  it('stops running a scheduled task once whoever saved it loses a scope it needs, says why, and runs it again once someone who may saves it', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    const server = await daemon.servers.create('7a000012', fakeDefinition());
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2030, 0, 1, 12, 0, 30));
    const id = await daemon.api.createTask(operator, '7a000012', { name: 'Minutely', cronSchedule: '* * * * *', operations: [{ type: 'mkdir', target: 'ticks' }] });
    expect((await daemon.api.getTasks(operator, '7a000012')).tasks[id].disabled).toBeUndefined();

    // Their servers.edit.admin is taken away (the panel tells the node); they keep editServerData.
    // Asking for more than their stamp held changes nothing: the call only narrows.
    await daemon.api.restrictTasks(operator, operator.user, { '7a000012': [Scopes.ServerEdit, Scopes.ServersAdmin] });
    expect((await daemon.api.getTasks(operator, '7a000012')).tasks[id].disabled).toEqual({ reason: 'ownerLacksScope', scope: Scopes.ServersEditAdmin });
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => text(daemon, '7a000012').includes('[DAEMON] Task Minutely did not run: the user who saved it no longer holds servers.edit.admin for operation 1 (mkdir)'));
    expect(text(daemon, '7a000012')).not.toContain('Task Minutely started');
    expect(existsSync(join(server.root, 'ticks'))).toBe(false);

    // Someone else may not narrow the operator's tasks; the admin may, and saving it makes it the admin's.
    await expect(daemon.api.restrictTasks(editor, operator.user, { '7a000012': [] })).rejects.toMatchObject({ code: 'ErrMissingScope', status: 403 });
    const task = (await daemon.api.getTasks(admin, '7a000012')).tasks[id];
    await daemon.api.editTask(admin, '7a000012', id, task);
    expect((await daemon.api.getTasks(admin, '7a000012')).tasks[id].disabled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => text(daemon, '7a000012').includes('[DAEMON] Task Minutely finished'), 10_000, 'the run after the admin saved it');
    expect(existsSync(join(server.root, 'ticks'))).toBe(true);
  });

  it('stamps the tasks a definition brings as its writer\'s, keeps a task written back unchanged, and never runs a task nobody saved', async () => {
    open = await openTestDaemon();
    const { daemon } = open;
    const forged = { name: 'Forged', cronSchedule: '* * * * *', operations: [{ type: 'start' }], savedBy: { user: '1', scopes: [Scopes.ServersAdmin] } };
    // servers.edit.admin alone: the definition is theirs to write, starting the server is not.
    const definer: NodeCaller = { user: '9', scopes: [Scopes.ServersEditAdmin, Scopes.ServerEdit] };
    await daemon.api.createServer(admin, '7a000013', fakeDefinition());
    const admins = await daemon.api.createTask(admin, '7a000013', { name: 'Admin start', operations: [{ type: 'start' }] });
    const definition = await daemon.api.getDefinition(admin, '7a000013');
    await daemon.api.putDefinition(definer, '7a000013', { ...definition, tasks: { ...(definition as { tasks: object }).tasks, forged } } as never);
    const tasks = (await daemon.api.getTasks(admin, '7a000013')).tasks;
    expect(tasks.forged.disabled).toEqual({ reason: 'ownerLacksScope', scope: Scopes.ServerStart });
    expect(tasks[admins].disabled).toBeUndefined();
    expect(tasks.forged).not.toHaveProperty('savedBy');

    // A task written into the file by hand (or from before stamps) waits for someone to save it.
    const file = join(daemon.config.serversDir, '7a000013.json');
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { tasks: Record<string, unknown> };
    onDisk.tasks.byHand = { name: 'By hand', cronSchedule: '* * * * *', operations: [{ type: 'mkdir', target: 'hand' }] };
    await writeFile(file, JSON.stringify(onDisk));
    await daemon.api.reload(admin, '7a000013');
    expect((await daemon.api.getTasks(admin, '7a000013')).tasks.byHand.disabled).toEqual({ reason: 'unsaved' });
    const server = daemon.servers.get('7a000013');
    await expect(server.tasks.run('byHand', { scheduled: true })).rejects.toMatchObject({ code: 'ErrMissingScope' });
    await expect(server.tasks.run('forged', { scheduled: true })).rejects.toMatchObject({ code: 'ErrMissingScope' });
    expect(text(daemon, '7a000013')).toContain('[DAEMON] Task By hand did not run: nobody has saved it since saves were recorded');
    expect(server.running).toBe(false);
    expect(existsSync(join(server.root, 'hand'))).toBe(false);
  });
});
