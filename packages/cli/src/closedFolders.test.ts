import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpNodeClient } from '@outpost/daemon';
import { Scopes } from '@outpost/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cliEntry = fileURLToPath(new URL('./index.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A folder as `mktemp -d` makes it (0700), or a clone under /root: other users cannot pass it. */
async function closedFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-closed-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await chmod(dir, 0o700);
  return dir;
}

/**
 * The server: its install step writes hello.txt, its program records what it read there, its
 * uid and what reading `secretPath` (the database, the daemon file) gave it, then runs until
 * its stop command. `tag` makes its copies findable.
 */
function definition(secretPath: string, tag: string) {
  const program = [
    `// ${tag}`,
    "const fs = require('fs');",
    'let secret = "read";',
    `try { fs.readFileSync(${JSON.stringify(secretPath)}); } catch (error) { secret = error.code; }`,
    "fs.writeFileSync('ran', JSON.stringify({ hello: fs.readFileSync('hello.txt', 'utf8'), uid: process.getuid(), secret }));",
    "process.stdin.on('data', (d) => { if (String(d).includes('stop')) process.exit(0); });",
    'setInterval(() => {}, 1000);',
  ].join('\n');
  return {
    install: [{ type: 'writefile' as const, target: 'hello.txt', text: 'installed' }],
    run: { command: [process.execPath, '-e', program], stop: 'stop' },
  };
}

/** `outpost <argv>` from the sources as a process of its own; its output is collected. */
function spawnOutpost(argv: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const script = `import { main } from ${JSON.stringify(cliEntry)}; await main(${JSON.stringify(argv)});`;
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OUTPOST_')));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    // The node's own folder under /var/lib/outpost, named after the closed data folder.
    const moved = movedFolders(() => text);
    if (moved) await rm(dirname(moved), { recursive: true, force: true });
  });
  return { child, output: () => text };
}

/** Waits for a line of output matching `pattern` and answers its first group. */
async function printed(output: () => string, pattern: RegExp): Promise<string> {
  let found = '';
  await vi.waitFor(
    () => {
      const match = pattern.exec(output());
      expect(match, output()).not.toBeNull();
      found = match![1];
    },
    { timeout: 60_000, interval: 100 },
  );
  return found;
}

/** The place a node said its server folders moved to, if it said so (a root node whose data sits in a closed folder). */
function movedFolders(output: () => string): string | undefined {
  return /Server folders are in (\/\S+?)(?:,|\.\s)/.exec(output())?.[1];
}

function killCopies(tag: string): void {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1').includes(tag)) process.kill(Number(name), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** What the server's program recorded, once it has. */
async function whatItRan(read: () => Promise<string | undefined>): Promise<{ hello: string; uid: number; secret: string }> {
  let text: string | undefined;
  await vi.waitFor(
    async () => {
      text = await read();
      expect(text).toBeTruthy();
    },
    { timeout: 30_000, interval: 100 },
  );
  return JSON.parse(text!);
}

// Each test starts Outpost from its sources (several seconds on a busy machine).
describe.runIf(process.platform === 'linux')('Outpost started from a folder closed to others (issue 27, item 7)', { timeout: 120_000 }, () => {
  it('outpost daemon with its daemon.json in a 0700 folder installs and runs a server, which cannot read the daemon file', async () => {
    const dir = await closedFolder();
    const tag = `outpost-closed-daemon-${randomBytes(6).toString('hex')}`;
    cleanups.push(async () => killCopies(tag));
    const config = join(dir, 'daemon.json');
    const secret = randomBytes(24).toString('hex');
    await writeFile(config, JSON.stringify({ nodeId: 'n1', secret, panelUrl: 'http://127.0.0.1:9', privatePort: 0, sftpPort: 0, listenHost: '127.0.0.1' }));
    const { output } = spawnOutpost(['daemon', '--config', config], {});
    const port = await printed(output, /is listening on port (\d+)/);

    const client = new HttpNodeClient({ baseUrl: `http://127.0.0.1:${port}`, nodeId: 'n1', secret });
    const caller = { user: '1', scopes: [Scopes.ServersAdmin] };
    const id = 'c105ed01';
    await client.createServer(caller, id, definition(config, tag));
    await client.power(caller, id, 'install', { wait: true });
    await client.power(caller, id, 'start');
    const ran = await whatItRan(async () => {
      const file = await client.getFile(caller, id, 'ran').catch(() => undefined);
      if (!file || !('stream' in file)) return undefined;
      const chunks: Uint8Array[] = [];
      for await (const chunk of file.stream) chunks.push(chunk);
      return Buffer.concat(chunks).toString();
    });
    expect(ran.hello).toBe('installed');
    if (isRoot) {
      expect(ran.uid).not.toBe(0);
      expect(ran.secret).toBe('EACCES');
      // Said at start: where the folders went and why.
      expect(output()).toContain(`as their own users cannot search ${dir}`);
      const moved = movedFolders(output);
      expect(moved?.startsWith('/var/lib/outpost/')).toBe(true);
      expect(existsSync(join(moved!, id, 'ran'))).toBe(true);
    }
  });

  it('outpost run with its data folder in a 0700 folder installs and runs a server, which cannot read the database', async () => {
    const dir = await closedFolder();
    const dataDir = join(dir, 'data');
    const tag = `outpost-closed-run-${randomBytes(6).toString('hex')}`;
    cleanups.push(async () => killCopies(tag));
    const admin = { email: 'admin@example.com', password: 'correct horse battery' };
    const { output } = spawnOutpost(['run'], {
      OUTPOST_DATA_DIR: dataDir,
      OUTPOST_PORT: '0',
      OUTPOST_HOST: '127.0.0.1',
      OUTPOST_SFTP_PORT: '0',
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
    });
    const root = `http://127.0.0.1:${await printed(output, /listening on http:\/\/localhost:(\d+)/)}`;

    const login = await fetch(`${root}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    expect(login.status, await login.clone().text()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).session}` };
    const nodes: { id: number; isLocal: boolean }[] = await (await fetch(`${root}/api/nodes`, { headers })).json();
    const node = nodes.find((n) => n.isLocal)!.id;
    const created = await fetch(`${root}/api/servers`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...definition(join(dataDir, 'outpost.db'), tag), name: 'closed', node, environment: { type: 'standard' } }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = await created.json();
    const install = await fetch(`${root}/proxy/daemon/server/${id}/install?wait=true`, { method: 'POST', headers });
    expect(install.status, await install.clone().text()).toBe(204);
    const start = await fetch(`${root}/proxy/daemon/server/${id}/start`, { method: 'POST', headers });
    expect(start.status, await start.clone().text()).toBeLessThan(300);
    const ran = await whatItRan(async () => {
      const file = await fetch(`${root}/proxy/daemon/server/${id}/file/ran`, { headers });
      return file.status === 200 ? file.text() : undefined;
    });
    expect(ran.hello).toBe('installed');
    if (isRoot) {
      expect(ran.uid).not.toBe(0);
      // The database stays where it was, closed to the servers' users.
      expect(ran.secret).toBe('EACCES');
      expect((await stat(join(dataDir, 'outpost.db'))).isFile()).toBe(true);
      expect(output()).toContain(`as their own users cannot search ${dir}`);
      const moved = movedFolders(output);
      expect(moved?.startsWith('/var/lib/outpost/')).toBe(true);
      expect(existsSync(join(moved!, id, 'ran'))).toBe(true);
    }
  });
});
