// Several panels (issue 34): GET /api/servers (signed in, 10 servers on a remote node) through
// HAProxy, 50 connections, against 1, 2 and 3 panel-only instances on one PostgreSQL, in one run,
// taking turns. HAProxy runs deploy/haproxy.cfg with only the first n of its server lines, one
// HAProxy per count. `npm run bench:cluster` (builds first). Nothing is pinned: how far more
// instances help is bounded by the cores they, HAProxy, PostgreSQL and the load generator share,
// and the last lines say how those were used.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../lib/autocannon.mjs';
import { alternate, fmt, report } from '../lib/measure.mjs';
import { addRemoteNode, admin, createServers, freePort, startProcess } from '../lib/outpost.mjs';
import { benchPostgres } from '../lib/postgres.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/outpost.js');
const HAPROXY = '/usr/sbin/haproxy';
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 50;
const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of a process so far. */
async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of this process's children that have exited: each load run's autocannon, once it has. */
async function exitedChildrenSeconds() {
  const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

/** Busy and total CPU seconds of the whole machine so far (/proc/stat). */
async function machineSeconds() {
  const [, ...fields] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + values[4];
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/** A panel-only `outpost run` on the database, signed-in headers added later. */
async function startInstance(dbUrl, name) {
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-cluster-'));
  const port = await freePort();
  const proc = await startProcess([bin, 'run'], {
    cwd: dataDir,
    name,
    ready: `Outpost is listening on http://localhost:${port}`,
    env: {
      OUTPOST_LOCAL_NODE: 'false',
      OUTPOST_DB_DIALECT: 'postgres',
      OUTPOST_DB_URL: dbUrl,
      OUTPOST_DATA_DIR: dataDir,
      OUTPOST_PORT: String(port),
      OUTPOST_HOST: '127.0.0.1',
      OUTPOST_TRUST_PROXY: '127.0.0.1',
      OUTPOST_DRAIN_SECONDS: '0',
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
      OUTPOST_ADMIN_USERNAME: admin.username,
    },
  });
  return {
    address: `127.0.0.1:${port}`,
    pid: proc.pid,
    stop: async () => {
      await proc.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** HAProxy from deploy/haproxy.cfg in front of the first `count` instances; resolves once it counts them all up. */
async function startHaproxy(instances, count, dir) {
  const config = (await readFile(join(root, 'deploy/haproxy.cfg'), 'utf8'))
    .split('\n')
    .filter((line) => !/^\s*server panel(\d)/.test(line) || Number(/panel(\d)/.exec(line)[1]) <= count)
    .join('\n');
  const [port, statsPort] = [await freePort(), await freePort()];
  const file = join(dir, `haproxy-${count}.cfg`);
  await writeFile(file, `${config}\nfrontend stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n`);
  const env = { ...process.env, OUTPOST_LISTEN: `127.0.0.1:${port}` };
  instances.slice(0, count).forEach((instance, i) => (env[`PANEL${i + 1}`] = instance.address));
  const child = spawn(HAPROXY, ['-db', '-f', file], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${errors}`);
    const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.text(), () => '');
    if (csv.split('\n').filter((line) => line.startsWith('panels,panel') && line.includes(',UP,')).length === count) break;
    if (i > 300) throw new Error(`HAProxy did not count ${count} instances up: ${errors}\n${csv}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (!(await readFile(HAPROXY).then(() => true, () => false))) {
  console.log(`cluster: skipped (${HAPROXY} is not installed: apt install haproxy)`);
  process.exit(0);
}
const postgres = await benchPostgres();
if (!postgres) {
  console.log('cluster: skipped (PostgreSQL 15 is not installed)');
  process.exit(0);
}
const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-haproxy-'));
const instances = [];
const proxies = [];
const outpost = { url: '', headers: {}, daemons: [] };
try {
  const dbUrl = await postgres.database();
  // The first start migrates and adds the administrator; the others start on a ready database.
  instances.push(await startInstance(dbUrl, 'panel1'));
  instances.push(...(await Promise.all([startInstance(dbUrl, 'panel2'), startInstance(dbUrl, 'panel3')])));
  for (const count of [1, 2, 3]) proxies.push(await startHaproxy(instances, count, dir));

  // Signed in through HAProxy: the session is in PostgreSQL, so every instance takes it.
  outpost.url = proxies[2].url;
  const login = await fetch(`${outpost.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  if (!login.ok) throw new Error(`signing in: ${login.status} ${await login.text()}`);
  outpost.headers = { cookie: login.headers.getSetCookie().find((c) => c.startsWith('outpost_session=')).split(';')[0] };
  outpost.call = async (method, path, body) => {
    const response = await fetch(outpost.url + path, { method, headers: { ...outpost.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  await outpost.call('POST', '/api/settings', { 'panel.settings.masterUrl': outpost.url });
  const node = await addRemoteNode(outpost, { name: 'bench-cluster' });
  for (let i = 0; ; i++) {
    if ((await outpost.call('GET', `/api/nodes/${node.id}`)).online) break;
    if (i > 300) throw new Error('the remote node did not come online');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await createServers(outpost, 10, { node: node.id });
  const check = await outpost.call('GET', '/api/servers');
  if (check.servers.length !== 10) throw new Error(`expected 10 servers, got ${check.servers.length}`);

  const pids = { panels: instances.map((i) => i.pid), haproxy: proxies.map((p) => p.pid) };
  /** One load run through HAProxy number `count`, with the CPU each part used meanwhile. */
  const run = async (count, seconds = SECONDS) => {
    const before = { machine: await machineSeconds(), panels: await Promise.all(pids.panels.map(cpuSeconds)), haproxy: await cpuSeconds(pids.haproxy[count - 1]), generator: await exitedChildrenSeconds() };
    const result = await load(`${proxies[count - 1].url}/api/servers`, { connections: CONNECTIONS, seconds, headers: outpost.headers });
    const machine = await machineSeconds();
    const panels = await Promise.all(pids.panels.map(cpuSeconds));
    const haproxy = await cpuSeconds(pids.haproxy[count - 1]);
    const generator = await exitedChildrenSeconds();
    const wall = machine.total - before.machine.total; // CPU seconds the machine had, all cores
    const share = (seconds) => (100 * seconds * availableParallelism()) / wall;
    return {
      ...result,
      cpu: {
        machine: (100 * (machine.busy - before.machine.busy) * availableParallelism()) / wall,
        panels: panels.map((s, i) => share(s - before.panels[i])),
        haproxy: share(haproxy - before.haproxy),
        generator: share(generator - before.generator),
      },
    };
  };
  // Warm each instance (JIT, PostgreSQL's caches) before anything counts.
  await run(3, 3);
  const results = await alternate({ one: () => run(1), two: () => run(2), three: () => run(3) });
  const cores = availableParallelism();
  for (const [name, { best }] of Object.entries(results)) {
    if (best.non2xx) throw new Error(`${name}: ${best.non2xx} answers were not 2xx`);
    const panelCpu = best.cpu.panels.filter((p) => p > 1).map((p) => `${fmt(p)} %`).join(' + ');
    console.log(
      `${name.padEnd(5)} instance(s): ${fmt(best.rps)} req/s, p50 ${best.p50} ms, p99 ${best.p99} ms; CPU: panels ${panelCpu}, HAProxy ${fmt(best.cpu.haproxy)} %, load generator ${fmt(best.cpu.generator)} %, machine ${fmt(best.cpu.machine)} % of ${cores * 100} % (best of ${results[name].runs.length})`,
    );
  }
  const [one, two, three] = [results.one.best, results.two.best, results.three.best];
  // What bounds it: the run with the most instances, split by who used the machine's CPU.
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const panelsCpu = sum(three.cpu.panels);
  const others = Math.max(0, three.cpu.machine - panelsCpu - three.cpu.haproxy - three.cpu.generator);
  const loadAverage = (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
  const saturated = three.cpu.machine >= cores * 100 * 0.95;
  console.log(
    `bounded by ${saturated ? 'the cores' : 'the panels and their database'}: ${cores} cores (nproc), ${fmt(three.cpu.machine)} % of ${cores * 100} % busy with 3 instances: ` +
      `panels ${fmt(panelsCpu)} %, HAProxy ${fmt(three.cpu.haproxy)} %, the load generator ${fmt(three.cpu.generator)} %, the rest ${fmt(others)} % (PostgreSQL, the daemon and whatever else runs here; load average ${loadAverage}). ` +
      (saturated ? 'A further instance adds a process, not a core: the instances share what the generator and PostgreSQL leave.' : 'The machine had CPU to spare: the instances, or PostgreSQL, were the limit.'),
  );
  await report('cluster', `2/1 = ${(two.rps / one.rps).toFixed(2)}, 3/1 = ${(three.rps / one.rps).toFixed(2)} (${fmt(one.rps)}, ${fmt(two.rps)}, ${fmt(three.rps)} req/s; p99 ${one.p99}, ${two.p99}, ${three.p99} ms) on ${cores} cores`, {
    one,
    two,
    three,
    met: two.rps / one.rps >= 1,
  });
} finally {
  for (const proxy of proxies) await proxy.stop();
  for (const daemon of outpost.daemons) await daemon.stop();
  for (const instance of instances) await instance.stop();
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
