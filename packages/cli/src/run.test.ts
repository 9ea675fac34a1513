import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cliEntry = fileURLToPath(new URL('./index.ts', import.meta.url));
const psql = '/usr/lib/postgresql/15/bin/psql';
const postgresUrl = process.env.OUTPOST_TEST_POSTGRES_URL;
const admin = { email: 'run_admin@example.com', password: 'run admin password', username: 'run_admin' };

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** `outpost run` from the sources in a data folder of its own, with `env` on top of a clean environment. */
async function spawnRun(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-run-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const script = `import { main } from ${JSON.stringify(cliEntry)}; await main(['run']);`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OUTPOST_')));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...clean, OUTPOST_DATA_DIR: dir, OUTPOST_PORT: '0', OUTPOST_HOST: '127.0.0.1', OUTPOST_SFTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, output: () => output, exited };
}

/** A fresh PostgreSQL database on the test server, dropped after the test. */
function freshPostgres(): string {
  const name = `outpost_run_${randomBytes(5).toString('hex')}`;
  const made = spawnSync(psql, [postgresUrl!, '-qc', `create database ${name}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`create database: ${made.stderr}`);
  cleanups.push(async () => void spawnSync(psql, [postgresUrl!, '-qc', `drop database if exists ${name} with (force)`]));
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function until<T>(what: string, read: () => T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each test starts Outpost from its sources (several seconds on a busy machine).
describe('outpost run as a panel-only instance (issue 34)', { timeout: 90_000 }, () => {
  it('refuses to start on SQLite, saying to use PostgreSQL and why', async () => {
    const run = await spawnRun({ OUTPOST_LOCAL_NODE: 'false' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/OUTPOST_LOCAL_NODE=false \(a panel-only instance\) needs OUTPOST_DB_DIALECT=postgres/);
    expect(run.output()).not.toContain('is listening');
  });

  it.runIf(postgresUrl)('starts no local node, and on SIGTERM answers /health 503, serves on while draining, closes sockets with 1012 and exits 0', async () => {
    const run = await spawnRun({
      OUTPOST_LOCAL_NODE: 'false',
      OUTPOST_DB_DIALECT: 'postgres',
      OUTPOST_DB_URL: freshPostgres(),
      OUTPOST_DRAIN_SECONDS: '5',
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
      OUTPOST_ADMIN_USERNAME: admin.username,
    });
    const port = await until('the panel to listen', () => /is listening on http:\/\/localhost:(\d+)/.exec(run.output())?.[1]);
    const root = `http://127.0.0.1:${port}`;
    expect(run.output()).toContain('A panel-only instance: no local node');
    const login = await fetch(`${root}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const { session } = (await login.json()) as { session: string };
    const headers = { authorization: `Bearer ${session}` };
    expect(await (await fetch(`${root}/api/nodes`, { headers })).json()).toEqual([]);
    expect(await (await fetch(`${root}/health`)).json()).toMatchObject({ status: 'ok' });

    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/servers/live`, { headers });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<{ code: number; at: number }>((resolve) => socket.once('close', (code) => resolve({ code, at: Date.now() })));

    const signalled = Date.now();
    run.child.kill('SIGTERM');
    await until('draining', () => (run.output().includes('Draining for 5 s') ? true : undefined), 10_000);
    const health = await fetch(`${root}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'draining' });
    // Still serving while the load balancer moves away.
    expect((await fetch(`${root}/api/nodes`, { headers })).status).toBe(200);

    const { code, at } = await closed;
    expect(code).toBe(1012);
    expect(at - signalled).toBeGreaterThanOrEqual(4900);
    expect(await run.exited).toBe(0);
  });
});
