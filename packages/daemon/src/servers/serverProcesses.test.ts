// What is left of a server's processes after a crash, a kill or a delete, and how often it restarts.
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { isZombie } from '../environments/processTree.js';
import { fakeDefinition, isAlive, openTestDaemon, waitFor } from './testServer.js';

let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
const folders: string[] = [];
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function setup(config: Parameters<typeof openTestDaemon>[0] = {}): Promise<Daemon> {
  open = await openTestDaemon(config);
  return open.daemon;
}

const shell = (script: string, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({ run: { command: ['sh', '-c', script] }, ...extra });
const text = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');
const gone = (pid: number) => !isAlive(pid) || isZombie(pid);
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** Live processes whose command line is exactly `words`. */
function processesRunning(...words: string[]): number[] {
  const wanted = words.join('\0') + '\0';
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/cmdline`, 'latin1') === wanted && !isZombie(Number(name));
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.each(['standard', 'tty'] as const)('a crash in the %s environment', (type) => {
  it('leaves nothing running: not a child, nor one that left the group with setsid', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f001', fakeDefinition({}, { environment: { type } }));
    await server.start();
    server.sendCommand('spawn');
    await waitFor(() => /grandchild \d+/.test(text(daemon, '0000f001')));
    server.sendCommand('spawn setsid');
    await waitFor(() => (text(daemon, '0000f001').match(/grandchild \d+/g) ?? []).length === 2);
    const children = [...text(daemon, '0000f001').matchAll(/grandchild (\d+)/g)].map((match) => Number(match[1]));
    expect(children.every(isAlive)).toBe(true);
    server.sendCommand('crash');
    await waitFor(() => text(daemon, '0000f001').includes('Server exited with code 3'));
    await waitFor(() => children.every(gone), 5000, 'children to die');
  });
});

describe('a crash of a program with a user of its own', () => {
  it.skipIf(process.getuid?.() !== 0)('leaves nothing of that user running, even a process that cleared its environment and left the group', async () => {
    const daemon = await setup();
    // env -i drops every mark the daemon gave the program; setsid leaves its group and session.
    const server = await daemon.servers.create('0000f002', shell('env -i setsid sleep 1000 >/dev/null 2>&1 & echo "escaped $!"; exit 3'));
    const uid = (await stat(server.root)).uid;
    await server.start();
    await waitFor(() => !server.running && /escaped \d+/.test(text(daemon, '0000f002')), 10_000, 'the program to crash');
    const escaped = Number(/escaped (\d+)/.exec(text(daemon, '0000f002'))![1]);
    expect(uid).toBeGreaterThanOrEqual(900_000);
    expect(gone(escaped)).toBe(true);
  });
});

describe('a hung install step', () => {
  const hung = () => fakeDefinition({}, { install: [{ type: 'command', commands: ['sleep 1000'] }] });

  it('is ended by kill, process included, and the install fails', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f003', hung());
    const before = new Set(processesRunning('sleep', '1000'));
    const installing = server.install();
    installing.catch(() => undefined);
    await waitFor(() => processesRunning('sleep', '1000').some((pid) => !before.has(pid)), 5000, 'the install step to run');
    const step = processesRunning('sleep', '1000').filter((pid) => !before.has(pid));
    await server.kill();
    await expect(installing).rejects.toMatchObject({ code: 'ErrOperationFailed' });
    expect(step.every(gone)).toBe(true);
    expect(text(daemon, '0000f003')).toContain('[DAEMON] install failed');
    // The server is free again: a start goes through the lock at once.
    await server.start();
    expect(server.running).toBe(true);
  });

  it('does not stop the server from being deleted', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f004', hung());
    const before = new Set(processesRunning('sleep', '1000'));
    server.install().catch(() => undefined);
    await waitFor(() => processesRunning('sleep', '1000').some((pid) => !before.has(pid)), 5000, 'the install step to run');
    const step = processesRunning('sleep', '1000').filter((pid) => !before.has(pid));
    await daemon.servers.delete('0000f004');
    expect(daemon.servers.has('0000f004')).toBe(false);
    expect(step.every(gone)).toBe(true);
    await expect(stat(server.root)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a hung install step at daemon shutdown', () => {
  it('is ended, so the daemon closes', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f009', fakeDefinition({}, { install: [{ type: 'command', commands: ['sleep 1000'] }] }));
    const before = new Set(processesRunning('sleep', '1000'));
    server.install().catch(() => undefined);
    await waitFor(() => processesRunning('sleep', '1000').some((pid) => !before.has(pid)), 5000, 'the install step to run');
    const step = processesRunning('sleep', '1000').filter((pid) => !before.has(pid));
    await daemon.close();
    expect(step.every(gone)).toBe(true);
  });
});

describe('autorestart', () => {
  it('backs off a program that exits 0 at once, and gives up after the recovery budget', async () => {
    const daemon = await setup({ restartDelayMs: 20, recovery: { initialDelayMs: 1000, maxDelayMs: 80, maxCrashes: 5, windowMs: 60_000 } });
    const server = await daemon.servers.create('0000f005', fakeDefinition({ autorestart: true, environmentVars: { FAKE_EXIT: '0' } }));
    await server.start();
    await waitFor(() => text(daemon, '0000f005').includes('not restarting it again'), 10_000, 'autorestart to give up');
    const out = text(daemon, '0000f005');
    expect(out).toMatch(/\(autorestart\) in 20 ms[\s\S]*in 40 ms[\s\S]*in 80 ms[\s\S]*in 80 ms/);
    expect(out).toContain('Server exited 5 times within 1 minutes; not restarting it again');
    expect(count(out, 'ready')).toBe(5);
    expect(count(out, '(autorestart)')).toBe(4);
    expect(server.running).toBe(false);
  });
});

describe('console input', () => {
  it.each(['standard', 'tty'] as const)('is bounded for a %s program that never reads it, and the console is told once', async (type) => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f006', shell('echo ready; exec sleep 1000', { environment: { type } }));
    await server.start();
    await waitFor(() => text(daemon, '0000f006').includes('ready'));
    const chunk = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent < 64; sent++) server.sendCommand(chunk); // 4 MiB
    expect(count(text(daemon, '0000f006'), '[DAEMON] input dropped: the program is not reading its input')).toBe(1);
    await server.kill();
  });

  it('still reaches a program that reads it', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f007', fakeDefinition());
    await server.start();
    await waitFor(() => text(daemon, '0000f007').includes('ready'));
    for (let sent = 0; sent < 200; sent++) server.sendCommand(`echo ${sent}`);
    await waitFor(() => text(daemon, '0000f007').includes('echo: 199'));
    expect(text(daemon, '0000f007')).not.toContain('input dropped');
    await server.kill();
  });
});

describe('a server folder', () => {
  it('runs a CommonJS index.js even inside a folder whose package.json says "type": "module"', async () => {
    const outer = await mkdtemp(join(tmpdir(), 'outpost-esm-'));
    folders.push(outer);
    await chmod(outer, 0o755);
    await writeFile(join(outer, 'package.json'), JSON.stringify({ type: 'module' }));
    const serversDir = join(outer, 'data', 'servers');
    await mkdir(serversDir, { recursive: true });
    const daemon = await setup({ serversDir });
    const server = await daemon.servers.create('0000f008', { run: { command: [process.execPath, 'index.js'] } });
    await writeFile(join(server.root, 'index.js'), "const { sep } = require('node:path');\nconsole.log('commonjs ran', sep);\n", { mode: 0o644 });
    await server.start();
    await waitFor(() => text(daemon, '0000f008').includes('Server exited'), 10_000, 'the program to finish');
    expect(text(daemon, '0000f008')).toContain('commonjs ran /');
    expect(text(daemon, '0000f008')).toContain('Server exited with code 0');
  });
});
