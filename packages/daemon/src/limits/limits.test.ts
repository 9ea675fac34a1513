// Limits enforced by the kernel (issue 30), on this machine's real cgroups, under a root daemon:
// memory, CPU and processes per server, and no privilege gain for a server's programs.
import { chmod, chown, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Scopes, type NodeCaller, type ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { CLOCK_TICKS_PER_SECOND } from '../environments/processTree.js';
import { daemonIsRoot } from '../servers/serverUsers.js';
import { openTestDaemon, waitFor } from '../servers/testServer.js';
import { nodeCgroups } from './cgroupLayout.js';

const layout = daemonIsRoot() ? nodeCgroups() : null;
const skipReason = layout ? '' : ' (skipped: needs a root daemon and a writable cgroup hierarchy)';
const admin: NodeCaller = { user: 'admin', scopes: [Scopes.ServersAdmin] };

let base: string;
let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-limits-'));
  await chmod(base, 0o755);
});
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
  await rm(base, { recursive: true, force: true });
});

const shell = (script: string, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({ run: { command: ['sh', '-c', script] }, ...extra });
const text = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');

async function startDaemon(config: Parameters<typeof openTestDaemon>[0] = {}): Promise<Daemon> {
  open = await openTestDaemon({ serversDir: join(base, 'servers'), autostart: false, ...config });
  return open.daemon;
}

/** The cgroup folders of a server, from the daemon's own bookkeeping of the node's hierarchies. */
async function cgroupDirs(id: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of new Set(Object.values(layout!.bases))) {
    // The `outpost` folder itself goes with the node's last server cgroup.
    for (const name of await readdir(folder).catch(() => [])) if (name.startsWith(`${id}-`)) found.push(join(folder, name));
  }
  return found;
}

/** utime + stime of a process, in clock ticks. */
async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe.skipIf(!layout)(`limits on this node's cgroups${skipReason}`, () => {
  describe.each(['standard', 'tty'] as const)('%s environment', (type) => {
    it('ends a program that allocates past its memory limit, says so in the console, and recovers it like any crash', async () => {
      const daemon = await startDaemon();
      // Touches 1 MiB at a time, far past 96 MiB, and says how far it got.
      const grow = `const a = []; for (let i = 1; ; i++) { a.push(Buffer.alloc(1 << 20, 1)); if (i % 16 === 0) console.log('allocated ' + i + ' MiB'); }`;
      await daemon.servers.create('00aa0001', {
        run: { command: [process.execPath, '-e', grow], autorecover: true },
        environment: { type },
        limits: { memory: 96 },
      });
      await daemon.servers.get('00aa0001').start();
      await waitFor(() => text(daemon, '00aa0001').includes('(autorecover)'), 20_000, 'the out-of-memory stop and the recovery');
      const out = text(daemon, '00aa0001');
      expect(out).toContain('allocated 16 MiB');
      expect(out).not.toContain("allocated 128 MiB");
      expect(out).toContain('[DAEMON] Server exited by signal SIGKILL');
      expect(out).toContain('[DAEMON] Server stopped: out of memory (limit 96 MiB)');
      expect(out).toContain('Server crashed; restarting it in');
      await daemon.servers.get('00aa0001').kill();
    });
  });

  it('throttles a busy loop under cpu 50 to about half a core, and a kill is not said to be out of memory', async () => {
    const daemon = await startDaemon();
    await daemon.servers.create('00aa0002', { ...shell('echo pid=$$; while :; do :; done'), limits: { cpu: 50, memory: 256 } });
    await daemon.servers.get('00aa0002').start();
    await waitFor(() => /pid=\d+/.test(text(daemon, '00aa0002')), 10_000, 'the busy loop');
    const pid = Number(/pid=(\d+)/.exec(text(daemon, '00aa0002'))![1]);
    const before = await cpuTicks(pid);
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const seconds = (performance.now() - startedAt) / 1000;
    const share = (await cpuTicks(pid)) - before;
    const cores = share / CLOCK_TICKS_PER_SECOND / seconds;
    // Generous bounds: a behaviour check, not a benchmark. Unthrottled it would be near 1; a busy
    // machine may give it less than its half, never more. Throttled, not killed.
    expect(cores).toBeGreaterThan(0.05);
    expect(cores).toBeLessThan(0.65);
    expect(daemon.servers.get('00aa0002').running).toBe(true);
    await daemon.servers.get('00aa0002').kill();
    await waitFor(() => text(daemon, '00aa0002').includes('Server exited by signal SIGKILL'), 10_000, 'the kill');
    expect(text(daemon, '00aa0002')).not.toContain('out of memory');
  });

  it('stops a fork bomb at its process limit while the daemon keeps answering, and removes the cgroup with the server', async () => {
    const daemon = await startDaemon();
    // The bomb goes off in a subshell and the program itself becomes sleep (exec, no fork), so it stays running whatever forks fail.
    await daemon.servers.create('00aa0003', shell('echo bombing; (b() { b | b & }; b) & exec sleep 60', { limits: { processes: 30 } }));
    await daemon.servers.get('00aa0003').start();
    await waitFor(() => /fork|Resource temporarily unavailable/i.test(text(daemon, '00aa0003')), 15_000, 'forks to fail');
    const [pids] = (await cgroupDirs('00aa0003')).filter((dir) => dir.startsWith(layout!.bases.pids!));
    expect(Number(await readFile(join(pids, 'pids.max'), 'utf8'))).toBe(30);
    for (let i = 0; i < 5; i++) {
      expect(Number(await readFile(join(pids, 'pids.current'), 'utf8'))).toBeLessThanOrEqual(30);
      const asked = performance.now();
      expect(await daemon.api.getStatus(admin, '00aa0003')).toMatchObject({ running: true });
      expect(performance.now() - asked).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await daemon.servers.get('00aa0003').kill();
    expect(await cgroupDirs('00aa0003')).not.toEqual([]);
    await daemon.api.deleteServer(admin, '00aa0003');
    expect(await cgroupDirs('00aa0003')).toEqual([]);
  });

  it('applies a changed definition at the next start, bounded by the node maximum', async () => {
    const daemon = await startDaemon({ limits: { max: { memory: 256 } } });
    const server = await daemon.servers.create('00aa0006', { ...shell('sleep 30'), limits: { memory: 96, cpu: 25 } });
    const memoryLimit = async () => {
      const [dir] = (await cgroupDirs('00aa0006')).filter((d) => d.startsWith(layout!.bases.memory!));
      return Number(await readFile(join(dir, layout!.version === 'v2' ? 'memory.max' : 'memory.limit_in_bytes'), 'utf8')) / 1024 / 1024;
    };
    await server.start();
    expect(await memoryLimit()).toBe(96);
    server.setDefinition({ ...shell('sleep 30'), limits: { memory: 4096 } });
    expect(await memoryLimit()).toBe(96);
    await server.kill();
    await server.start();
    expect(await memoryLimit()).toBe(256);
    await server.kill();
  });

  describe.each(['standard', 'tty'] as const)('%s environment', (type) => {
    it('runs programs with no-new-privileges and no capabilities: a setuid-root id gives them nothing', async () => {
      const daemon = await startDaemon();
      const setuidId = join(base, 'suid-id');
      await copyFile('/usr/bin/id', setuidId);
      await chown(setuidId, 0, 0);
      await chmod(setuidId, 0o4755);
      const script = `grep -E '^(NoNewPrivs|CapInh|CapPrm|CapEff|CapBnd|CapAmb):' /proc/self/status; echo "euid=$(${setuidId} -u) uid=$(id -u)"; echo done`;
      await daemon.servers.create('00aa0004', shell(script, { environment: { type } }));
      await daemon.servers.get('00aa0004').start();
      await waitFor(() => text(daemon, '00aa0004').includes('[DAEMON] Server exited'), 10_000, 'the program');
      const out = text(daemon, '00aa0004');
      expect(out).toMatch(/NoNewPrivs:\s+1/);
      for (const set of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb']) expect(out).toMatch(new RegExp(`${set}:\\s+0000000000000000`));
      const [, euid, uid] = /euid=(\d+) uid=(\d+)/.exec(out)!;
      expect(Number(uid)).toBeGreaterThan(0);
      expect(euid).toBe(uid);
    });
  });

  it('keeps the file worker out of reach of the server programs that share its uid', async () => {
    const daemon = await startDaemon();
    const server = await daemon.servers.create('00aa0005', shell('true'));
    await server.files.list('/');
    const worker = await jailWorkerOf(server.root);
    const script = [
      `cat /proc/${worker}/environ > /dev/null && echo LEAK-environ`,
      `timeout 3 strace -p ${worker} -o /dev/null 2>&1 | head -1`,
      `grep TracerPid /proc/${worker}/status`,
      // A process of its own is readable: the refusal is the worker's, not a blanket one.
      'sleep 5 & cat /proc/$!/environ > /dev/null && echo own-environ-readable; kill $!',
      'echo done',
    ].join('; ');
    server.setDefinition(shell(script));
    await server.start();
    await waitFor(() => text(daemon, '00aa0005').includes('[DAEMON] Server exited'), 15_000, 'the program');
    const out = text(daemon, '00aa0005');
    expect(out).toContain('Permission denied');
    expect(out).not.toContain('LEAK-environ');
    expect(out).toMatch(/attach: ptrace\(PTRACE_SEIZE, \d+\): Operation not permitted/);
    expect(out).toMatch(/TracerPid:\s+0/);
    expect(out).toContain('own-environ-readable');
  });

  it('finds a bare program name in PATH as the server user: a folder only root may search is passed over', async () => {
    // As a pyenv shim under /root would be: first in PATH, searchable by root alone.
    const hidden = join(base, 'root-only');
    const shared = join(base, 'shared');
    await mkdir(hidden, { mode: 0o700 });
    await mkdir(shared, { mode: 0o755 });
    for (const [folder, who] of [[hidden, 'root-only'], [shared, 'shared']] as const) {
      await writeFile(join(folder, 'greet'), `#!/bin/sh\necho greeting from ${who}\n`, { mode: 0o755 });
    }
    const daemon = await startDaemon();
    await daemon.api.createServer(admin, 'e0000009', { run: { command: 'greet' } });
    const saved = process.env.PATH;
    process.env.PATH = `${hidden}:${shared}:${saved}`;
    try {
      await daemon.api.power(admin, 'e0000009', 'start', { wait: true });
    } finally {
      process.env.PATH = saved;
    }
    await waitFor(() => text(daemon, 'e0000009').includes('greeting from'), 10_000, 'the program');
    expect(text(daemon, 'e0000009')).toContain('greeting from shared');
  });
});

/** The pid of the file worker of a server folder (a node process running jailWorker for it). */
async function jailWorkerOf(root: string): Promise<number> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args.some((arg) => /jailWorker\.(ts|js)$/.test(arg)) && args.includes(root)) return Number(name);
  }
  throw new Error(`no file worker for ${root}`);
}
