// Starts what a benchmark measures: the built `outpost run` with a temporary data folder and an
// administrator, signed in over HTTP, with servers and (when asked) a remote node whose daemon is
// an `outpost daemon` child process on loopback. Nothing here is built: the npm scripts build first.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/outpost.js');
export const admin = { email: 'bench@outpost.test', password: 'bench-password-1', username: 'bench' };

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Pins the calling process to `cpus` (taskset), so it does not share a core with what it measures. */
export function pinThisProcess(cpus) {
  const [command, argv] = ['taskset', ['-cp', cpus, String(process.pid)]];
  if (cpus) spawnSync(command, argv, { stdio: 'ignore' });
}

/**
 * Spawns `node <args>` (pinned to `cpus` with taskset when given; BENCH_PROFILE=<dir> adds
 * --cpu-prof there) and resolves once its output contains `ready`.
 */
export async function startProcess(args, { env = {}, cwd, ready, cpus, name = 'process', readyTimeoutMs = 60_000 }) {
  const nodeArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
  const [command, argv] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs, ...args]] : [process.execPath, [...nodeArgs, ...args]];
  const child = spawn(command, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running (with whatever it started) once the bench gives up on it.
      child.kill('SIGTERM');
      reject(new Error(`${name} did not start within ${readyTimeoutMs / 1000} s:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} before it was ready:\n${output}`));
    });
  });
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A JSON call with the session's cookie; throws on anything but 2xx. */
async function call(outpost, method, path, body) {
  const response = await fetch(outpost.url + path, {
    method,
    headers: { ...outpost.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A server that does nothing until asked: `node -e` reading its stdin. */
export const idleDefinition = {
  type: 'bench',
  run: { command: ['node', '-e', "process.stdin.on('data',()=>{});process.on('SIGTERM',()=>process.exit(0))"], stopCode: 15 },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
};

/**
 * The built `outpost run` on a free port with a fresh data folder, its administrator signed in
 * (`headers` carries the session cookie). `cpus` pins it (taskset), `env` adds settings.
 */
export async function startOutpost({ cpus, env = {} } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-'));
  // Each server's programs and file jail run as the server's own user: it must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = await startProcess([bin, 'run'], {
    cwd: dataDir,
    cpus,
    name: 'panel',
    ready: `Outpost is listening on http://localhost:${port}`,
    env: {
      OUTPOST_DATA_DIR: dataDir,
      OUTPOST_PORT: String(port),
      OUTPOST_HOST: '127.0.0.1',
      OUTPOST_SFTP_PORT: String(await freePort()),
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
      OUTPOST_ADMIN_USERNAME: admin.username,
      ...env,
    },
  });
  const outpost = { url, dataDir, pid: proc.pid, headers: {}, daemons: [] };
  const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  if (!login.ok) throw new Error(`signing in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('outpost_session='));
  outpost.headers = { cookie: cookie.split(';')[0] };
  outpost.scopes = (await login.json()).scopes;
  outpost.call = (method, path, body) => call(outpost, method, path, body);
  outpost.localNodeId = (await outpost.call('GET', '/api/nodes')).find((n) => n.isLocal).id;
  outpost.stop = async () => {
    for (const daemon of outpost.daemons) await daemon.stop();
    await proc.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return outpost;
}

/**
 * Registers a node with the panel and runs its daemon as an `outpost daemon` child process on
 * loopback, from the deployment information the panel hands out; answers the node's id.
 */
export async function addRemoteNode(outpost, { name = 'bench-remote', cpus } = {}) {
  const [privatePort, sftpPort] = [await freePort(), await freePort()];
  const node = await outpost.call('POST', '/api/nodes', { name, publicHost: '127.0.0.1', publicPort: privatePort, privateHost: '127.0.0.1', privatePort, sftpPort });
  const deployment = await outpost.call('GET', `/api/nodes/${node.id}/deployment`);
  const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-node-'));
  await chmod(dir, 0o755);
  const config = join(dir, 'daemon.json');
  await writeFile(config, JSON.stringify({ ...deployment, panelUrl: outpost.url, listenHost: '127.0.0.1' }), { mode: 0o600 });
  const proc = await startProcess([bin, 'daemon', '--config', config], { cwd: dir, cpus, name: 'daemon', ready: 'is listening on port' });
  outpost.daemons.push({
    stop: async () => {
      await proc.stop();
      await rm(dir, { recursive: true, force: true });
    },
  });
  return { id: node.id, pid: proc.pid };
}

/** Creates `count` servers from a whole definition on a node; answers their ids. */
export async function createServers(outpost, count, { node = outpost.localNodeId, definition = idleDefinition, prefix = 'bench' } = {}) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const { id } = await outpost.call('POST', '/api/servers', { name: `${prefix} ${i}`, node, template: definition, environment: { type: 'standard' } });
    ids.push(id);
  }
  return ids;
}
