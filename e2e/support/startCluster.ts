import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort';
import { admin } from './startApp';
import { startDaemon, type RunningDaemon } from './startDaemon';

const root = new URL('../../', import.meta.url).pathname;
const psql = '/usr/lib/postgresql/15/bin/psql';
const haproxyBin = '/usr/sbin/haproxy';

/** One `outpost run` of the cluster, panel-only. */
export interface ClusterInstance {
  /** http://127.0.0.1:<port>, straight to this instance. */
  url: string;
  /** HAProxy's name for it (panel1..panel3), as its X-Outpost-Instance answer header says. */
  name: string;
  /** Whether its process runs. */
  running: () => boolean;
  output: () => string;
}

export interface RunningCluster {
  /** HAProxy's address: what a browser and the daemons use. */
  url: string;
  instances: ClusterInstance[];
  /** The index of the instance HAProxy calls `name` (an X-Outpost-Instance header). */
  indexOf: (name: string | null) => number;
  /** Two remote nodes' daemons, added through the API; their node ids. */
  daemons: RunningDaemon[];
  nodeIds: number[];
  /** The administrator's session token (valid on every instance). */
  session: string;
  /** A JSON call with the administrator's token, through HAProxy or straight to instance `via`. */
  call: (method: string, path: string, body?: unknown, via?: number) => Promise<{ status: number; body: any; instance: string | null }>;
  /** SIGKILL: the instance dies mid-request, as a crashed machine would. */
  kill: (i: number) => Promise<void>;
  /** SIGTERM: the instance drains and stops; answers its exit code. */
  terminate: (i: number) => Promise<number | null>;
  /** Starts a stopped instance again on the same port. */
  restart: (i: number) => Promise<void>;
  /** How many connections HAProxy holds open to each instance now: a live socket counts until it closes. */
  connections: () => Promise<number[]>;
  /** Resolves once HAProxy's checks have marked instance `i` up (true) or down (false). */
  waitForHaproxy: (i: number, up: boolean) => Promise<void>;
  stop: () => Promise<void>;
}

interface Child {
  process?: ChildProcess;
  output: string;
  exited?: Promise<number | null>;
}

/** A fresh database on the PostgreSQL of OUTPOST_TEST_POSTGRES_URL, and how to drop it. */
function createDatabase(adminUrl: string): { url: string; drop: () => void } {
  const name = `outpost_e2e_${randomBytes(5).toString('hex')}`;
  const made = spawnSync(psql, [adminUrl, '-qc', `create database ${name}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`create database ${name}: ${made.stderr || made.error}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => void spawnSync(psql, [adminUrl, '-qc', `drop database if exists ${name} with (force)`]) };
}

/** Spawns `node <args>` and resolves once its output contains `ready`. */
function spawnUntil(child: Child, command: string, args: string[], env: Record<string, string>, ready: string | RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.process = started;
    child.exited = new Promise((done) => started.once('exit', (code) => done(code)));
    const from = child.output.length;
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s:\n${child.output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      child.output += chunk.toString();
      const mine = child.output.slice(from);
      if (typeof ready === 'string' ? mine.includes(ready) : ready.test(mine)) {
        clearTimeout(timer);
        resolve();
      }
    };
    started.stdout?.on('data', onData);
    started.stderr?.on('data', onData);
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before it was ready:\n${child.output}`));
    });
  });
}

const isRunning = (child: Child) => child.process !== undefined && child.process.exitCode === null && child.process.signalCode === null;

/**
 * Several panels, one community (issue 34), on loopback: a fresh database on the test PostgreSQL
 * (OUTPOST_TEST_POSTGRES_URL), `instances` panel-only `outpost run` processes on it, HAProxy in
 * front of them from deploy/haproxy.cfg (so the shipped example is what is tested), the master URL
 * set to HAProxy's address, and `daemons` remote nodes (`outpost daemon`) added through the API.
 * Nothing is built here: the e2e setup builds first.
 */
export async function startCluster({ instances = 3, daemons = 2, drainSeconds = 0 } = {}): Promise<RunningCluster> {
  const adminUrl = process.env.OUTPOST_TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('startCluster needs a PostgreSQL: set OUTPOST_TEST_POSTGRES_URL (npm test starts one)');
  if (instances < 1 || instances > 3) throw new Error('deploy/haproxy.cfg names three instances');
  const database = createDatabase(adminUrl);
  const bin = process.env.OUTPOST_E2E_BIN || join(root, 'packages/cli/bin/outpost.js');
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const children: Child[] = ports.map(() => ({ output: '' }));
  const dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), 'outpost-e2e-cluster-')));
  const haproxy: Child = { output: '' };
  const nodes: RunningDaemon[] = [];

  const startInstance = (i: number) => {
    const env = {
      OUTPOST_LOCAL_NODE: 'false',
      OUTPOST_DB_DIALECT: 'postgres',
      OUTPOST_DB_URL: database.url,
      OUTPOST_DATA_DIR: dataDirs[i],
      OUTPOST_PORT: String(ports[i]),
      OUTPOST_HOST: '127.0.0.1',
      OUTPOST_TRUST_PROXY: '127.0.0.1',
      OUTPOST_DRAIN_SECONDS: String(drainSeconds),
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
      OUTPOST_ADMIN_USERNAME: admin.username,
    };
    children[i].output += children[i].output ? '\n--- started again ---\n' : '';
    return spawnUntil(children[i], process.execPath, [bin, 'run'], env, `Outpost is listening on http://localhost:${ports[i]}`, `instance ${i}`);
  };

  const stopChild = async (child: Child, signal: NodeJS.Signals = 'SIGTERM') => {
    if (!isRunning(child)) return;
    child.process!.kill(signal);
    const timer = setTimeout(() => child.process!.kill('SIGKILL'), 15_000);
    await child.exited;
    clearTimeout(timer);
  };

  const stop = async () => {
    for (const node of nodes) await node.remove();
    await stopChild(haproxy);
    for (const child of children) await stopChild(child);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    database.drop();
  };

  try {
    // The first start migrates and adds the administrator; the others start on a ready database.
    await startInstance(0);
    await Promise.all(ports.slice(1).map((_, i) => startInstance(i + 1)));

    const [haproxyPort, statsPort] = [await freePort(), await freePort()];
    // An instance left out (fewer than three) is pointed at the first one's port: HAProxy needs all three lines.
    const panels = Object.fromEntries([1, 2, 3].map((n) => [`PANEL${n}`, `127.0.0.1:${ports[n - 1] ?? ports[0]}`]));
    // A second file adds HAProxy's stats page, where the tests read which instances it counts up.
    const statsConfig = join(dataDirs[0], 'haproxy-stats.cfg');
    writeFileSync(statsConfig, `frontend stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n`);
    const started = spawn(haproxyBin, ['-db', '-f', join(root, 'deploy/haproxy.cfg'), '-f', statsConfig], {
      env: { ...process.env, OUTPOST_LISTEN: `127.0.0.1:${haproxyPort}`, ...panels },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.process = started;
    haproxy.exited = new Promise((done) => started.once('exit', (code) => done(code)));
    started.stdout?.on('data', (chunk: Buffer) => (haproxy.output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (haproxy.output += chunk.toString()));
    const url = `http://127.0.0.1:${haproxyPort}`;

    const names = ports.map((_, i) => `panel${i + 1}`);
    /** HAProxy's view of each instance: its check status (UP, DOWN, or a transition) and its open connections. */
    const stats = async (): Promise<Map<string, { status: string; current: number }>> => {
      if (!isRunning(haproxy)) throw new Error(`HAProxy exited:\n${haproxy.output}`);
      const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.text(), () => '');
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n').map((line) => line.split(','));
      const [px, sv, st, cur] = ['pxname', 'svname', 'status', 'scur'].map((column) => header?.indexOf(column) ?? -1);
      return new Map(rows.filter((row) => row[px] === 'panels').map((row) => [row[sv], { status: row[st], current: Number(row[cur]) }]));
    };
    const statuses = async () => new Map([...(await stats())].map(([name, { status }]) => [name, status]));
    const waitForHaproxy = async (i: number, up: boolean) => {
      const until = Date.now() + 30_000;
      while (((await statuses()).get(names[i]) === 'UP') !== up) {
        if (Date.now() > until) throw new Error(`HAProxy did not mark ${names[i]} ${up ? 'up' : 'down'} within 30 s:\n${haproxy.output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    for (let i = 0; i < instances; i++) await waitForHaproxy(i, true);

    const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const session = ((await login.json()) as { session: string }).session;
    const call: RunningCluster['call'] = async (method, path, body, via) => {
      const response = await fetch(`${via === undefined ? url : `http://127.0.0.1:${ports[via]}`}${path}`, {
        method,
        headers: { authorization: `Bearer ${session}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, body: parsed, instance: response.headers.get('x-outpost-instance') };
    };

    // The daemons ask the panel (SFTP logins, their address) through HAProxy, as in deploy/README.md.
    const master = await call('POST', '/api/settings', { 'panel.settings.masterUrl': url });
    if (master.status >= 300) throw new Error(`setting the master URL: ${master.status} ${JSON.stringify(master.body)}`);
    const nodeIds: number[] = [];
    for (let n = 0; n < daemons; n++) {
      const created = await call('POST', '/api/nodes', { name: `cluster node ${n + 1}`, publicHost: '127.0.0.1', publicPort: await freePort(), sftpPort: await freePort() });
      if (created.status !== 200) throw new Error(`adding a node: ${created.status} ${JSON.stringify(created.body)}`);
      const deployment = await call('GET', `/api/nodes/${created.body.id}/deployment`);
      nodes.push(await startDaemon(deployment.body));
      nodeIds.push(created.body.id);
    }
    for (const id of nodeIds) {
      const until = Date.now() + 30_000;
      while ((await call('GET', `/api/nodes/${id}`)).body.online !== true) {
        if (Date.now() > until) throw new Error(`node ${id} did not come online within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    return {
      url,
      instances: ports.map((port, i) => ({ url: `http://127.0.0.1:${port}`, name: names[i], running: () => isRunning(children[i]), output: () => children[i].output })),
      indexOf: (name) => names.indexOf(name ?? ''),
      daemons: nodes,
      nodeIds,
      session,
      call,
      kill: (i) => stopChild(children[i], 'SIGKILL'),
      terminate: async (i) => {
        if (!isRunning(children[i])) return children[i].process?.exitCode ?? null;
        children[i].process!.kill('SIGTERM');
        return children[i].exited!;
      },
      restart: (i) => startInstance(i),
      connections: async () => {
        const now = await stats();
        return names.map((name) => now.get(name)?.current ?? 0);
      },
      waitForHaproxy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

