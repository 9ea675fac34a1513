import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Daemon } from '@outpost/daemon';
import { afterEach, describe, expect, it, vi } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cliEntry = fileURLToPath(new URL('./index.ts', import.meta.url));
const serverId = '0000d001';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/**
 * A server program that records its pid, writes `stopped` when its stop command arrives, and
 * otherwise runs on (also once its input is gone). `tag` makes it findable by its command line.
 */
function programScript(tag: string): string {
  return [
    `// ${tag}`,
    "const fs = require('fs');",
    "fs.writeFileSync('pid', String(process.pid));",
    "process.stdin.on('data', (d) => { if (String(d).includes('stop')) { fs.writeFileSync('stopped', 'yes'); process.exit(0); } });",
    'setInterval(() => {}, 1000);',
  ].join('\n');
}

/** A data folder with a daemon file and one autostart server running `programScript`. */
async function nodeFolder(): Promise<{ dir: string; config: string; serversDir: string; root: string; tag: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-daemon-stop-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await chmod(dir, 0o711); // a root daemon's servers run as users of their own, who must reach their folders
  const serversDir = join(dir, 'servers');
  await mkdir(serversDir);
  const tag = `outpost-leftover-test-${randomBytes(6).toString('hex')}`;
  // Whatever a failing run left behind must not outlive the test.
  cleanups.push(async () => {
    for (const pid of programCopies(tag)) process.kill(pid, 'SIGKILL');
  });
  const definition = { run: { command: [process.execPath, '-e', programScript(tag)], stop: 'stop', autostart: true } };
  await writeFile(join(serversDir, `${serverId}.json`), JSON.stringify(definition));
  const config = join(dir, 'daemon.json');
  // The panel address is only asked for SFTP logins, which these tests make none of.
  const file = { nodeId: 'n1', secret: randomBytes(24).toString('hex'), panelUrl: 'http://127.0.0.1:9', privatePort: 0, sftpPort: 0, listenHost: '127.0.0.1', dataDir: 'servers' };
  await writeFile(config, JSON.stringify(file));
  return { dir, config, serversDir, root: join(serversDir, serverId), tag };
}

/**
 * `outpost daemon --config <file>`, or `outpost run` on the same data folder (the panel with its
 * local node), as a process of its own, from the sources.
 */
function spawnOutpost(command: 'daemon' | 'run', folder: { dir: string; config: string }): ChildProcess {
  const argv = command === 'daemon' ? ['daemon', '--config', folder.config] : ['run'];
  const script = `import { main } from ${JSON.stringify(cliEntry)}; await main(${JSON.stringify(argv)});`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OUTPOST_')));
  Object.assign(env, { OUTPOST_DATA_DIR: folder.dir, OUTPOST_PORT: '0', OUTPOST_HOST: '127.0.0.1', OUTPOST_SFTP_PORT: '0' });
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, env, stdio: 'ignore' });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

/** Live processes whose command line holds `tag`: the copies of the program, whoever started them. */
function programCopies(tag: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1').includes(tag) && isAlive(Number(name))) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function programPid(root: string, other?: number): Promise<number> {
  let pid = 0;
  await vi.waitFor(
    async () => {
      pid = Number(await readFile(join(root, 'pid'), 'utf8'));
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(other);
    },
    { timeout: 30_000, interval: 50 },
  );
  return pid;
}

// Each test starts Outpost from its sources at least once (several seconds on a busy machine).
describe.runIf(process.platform === 'linux')('a daemon that ends (issue 26, finding 10)', { timeout: 90_000 }, () => {
  it('killed with SIGKILL: the next daemon ends the program it left running before autostart runs a new copy, and says so', async () => {
    const folder = await nodeFolder();
    const { serversDir, root, tag } = folder;
    const first = spawnOutpost('daemon', folder);
    const leftover = await programPid(root);
    first.kill('SIGKILL');
    await exitOf(first);
    // What the finding saw: the program outlives its daemon, unmanaged.
    expect(isAlive(leftover)).toBe(true);

    const daemon = await Daemon.open({ nodeId: 'n1', secret: 'test-secret', serversDir, stopGraceMs: 10_000 });
    cleanups.push(() => daemon.close());
    const server = daemon.servers.get(serverId);
    const fresh = await programPid(root, leftover);
    await vi.waitFor(() => expect(server.running).toBe(true), { timeout: 30_000, interval: 50 });
    expect(isAlive(leftover)).toBe(false);
    expect(programCopies(tag)).toEqual([fresh]);

    const text = server.console.replay().logs.join('');
    // The old daemon's file worker (the server's user too) may not have noticed it is alone yet, and be counted.
    expect(text).toMatch(new RegExp(`\\[DAEMON\\] Found \\d+ process(es)? of this server still running from before the daemon restarted \\(pid [\\d, ]*\\b${leftover}\\b`));
    expect(text).toContain('[DAEMON] The processes left running were ended; the server is stopped');
    // Ended first, started after.
    expect(text.indexOf('left running were ended')).toBeLessThan(text.indexOf('[DAEMON] Starting server'));
  });

  it('a leftover that ignores SIGTERM is killed after the grace period', async () => {
    const folder = await nodeFolder();
    const { serversDir, root, tag } = folder;
    const definitionPath = join(serversDir, `${serverId}.json`);
    const definition = JSON.parse(await readFile(definitionPath, 'utf8'));
    definition.run.command[2] = `process.on('SIGTERM', () => {});\n${definition.run.command[2]}`;
    await writeFile(definitionPath, JSON.stringify(definition));
    const first = spawnOutpost('daemon', folder);
    const leftover = await programPid(root);
    first.kill('SIGKILL');
    await exitOf(first);

    const daemon = await Daemon.open({ nodeId: 'n1', secret: 'test-secret', serversDir, stopGraceMs: 500, autostart: false });
    cleanups.push(() => daemon.close());
    const server = daemon.servers.get(serverId);
    await vi.waitFor(() => expect(server.console.replay().logs.join('')).toContain('left running were ended'), { timeout: 30_000, interval: 50 });
    expect(server.console.replay().logs.join('')).toContain('[DAEMON] They did not stop within 500 ms, killing them');
    expect(isAlive(leftover)).toBe(false);
    expect(programCopies(tag)).toEqual([]);
    expect(server.running).toBe(false);
  });

  // SIGTERM as soon as the program runs: while the daemon is still starting, which used to end it at once.
  it.each(['daemon', 'run'] as const)('outpost %s stopped with SIGTERM: each server gets its stop command, and nothing of it outlives the process', async (command) => {
    const folder = await nodeFolder();
    const outpost = spawnOutpost(command, folder);
    const pid = await programPid(folder.root);
    outpost.kill('SIGTERM');
    await exitOf(outpost);
    expect(outpost.exitCode).toBe(0);
    expect(existsSync(join(folder.root, 'stopped'))).toBe(true);
    expect(isAlive(pid)).toBe(false);
    expect(programCopies(folder.tag)).toEqual([]);
  });
});
