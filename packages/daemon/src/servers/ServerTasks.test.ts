import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { NodeCaller } from '@outpost/shared';
import { Daemon } from '../Daemon.js';
import { fakeDefinition, openTestDaemon, waitFor } from './testServer.js';

const admin: NodeCaller = { user: 'admin', scopes: [Scopes.Admin] };

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
