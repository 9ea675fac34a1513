// A fleet (issue 36): 5,000 servers spread evenly over 5 remote nodes (an `outpost daemon` child
// process each, on loopback), 1,000 server-list watchers on /api/servers/live, each watching one page
// of the web's list (10 servers; page i % 500, so every server is watched twice). Measures the
// panel's peak RSS and the latency of GET /api/servers (the web's first page, 10 a page) at a steady
// 50 requests a second from an autocannon child while the watchers get their updates, beside the
// same GET before the watchers open and after they close. Targets: panel under 400 MiB, p99 under 50 ms.
// 50 of the servers run (`cat`, 10 a node), so their readings carry CPU and memory; the others are
// stopped (5,000 running programs do not fit one shared machine): the feed reads each one's state
// from its node every 2 s all the same.
// `npm run bench:fleet` (builds first); the panel is pinned to core 1, everything else to core 0.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import WebSocket from 'ws';
import { load } from '../lib/autocannon.mjs';
import { fmt, report } from '../lib/measure.mjs';
import { addRemoteNode, admin, idleDefinition, pinThisProcess, startOutpost } from '../lib/outpost.mjs';

const SERVERS = Number(process.env.BENCH_FLEET_SERVERS || 5000);
const NODES = 5;
const WATCHERS = Number(process.env.BENCH_FLEET_WATCHERS || 1000);
// Watchers share sessions: signing in costs an argon2 hash, and a session is what the route checks.
const SESSIONS = Number(process.env.BENCH_FLEET_SESSIONS || 100);
const WINDOW_S = Number(process.env.BENCH_FLEET_SECONDS || 30);
// The window is measured in rounds of 10 s (the best counts, as in every bench: the machine is
// shared), beside a round of no watchers before they open and one after they close.
const ROUND_S = 10;
const RATE = 50;
const PAGE_SIZE = 10; // the web's SERVER_PAGE_SIZE
const CREATING_AT_ONCE = 32;
const RUNNING = Number(process.env.BENCH_FLEET_RUNNING || 50);
// A program that costs next to nothing while it runs: it waits on its stdin.
const catDefinition = { ...idleDefinition, run: { command: ['cat'], stopCode: 15 } };
const [MEMORY_BUDGET_MIB, P99_BUDGET_MS] = [400, 50];

const pinned = availableParallelism() >= 2;
const [panelCpu, restCpu] = pinned ? ['1', '0'] : [undefined, undefined];

async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/**
 * The panel's CPU seconds so far (every thread) and how long its main thread has waited for a
 * core (the runqueue wait of /proc/<pid>/schedstat): on a shared machine the second says whether a
 * slow answer was the panel's work or its turn at a CPU.
 */
async function cpuTimes(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  const [, waitNs] = (await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ').map(Number);
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, wait: waitNs / 1e9, at: performance.now() / 1000 };
}

/** A measured round with what the panel spent meanwhile: CPU as % of a core, and ms per second its main thread waited for one. */
async function withCpu(pid, measure) {
  const before = await cpuTimes(pid);
  const result = await measure();
  const after = await cpuTimes(pid);
  const seconds = after.at - before.at;
  return { ...result, cpuPercent: (100 * (after.cpu - before.cpu)) / seconds, waitMsPerS: (1000 * (after.wait - before.wait)) / seconds };
}

/** Runs `task(i)` for i < count, `atOnce` at a time. */
async function inParallel(count, atOnce, task) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, async () => {
    while (next < count) await task(next++);
  }));
}

/** A session cookie of the administrator: a sign-in of its own. */
async function signIn(url) {
  const response = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  if (!response.ok) throw new Error(`signing in: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('outpost_session=')).split(';')[0];
}

/** Opens one list socket watching `ids` with `cookie`; counts the updates it gets. */
function openWatcher(url, cookie, ids, counts) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/servers/live`, { perMessageDeflate: false, headers: { cookie } });
    ws.on('message', (raw) => {
      counts.messages++;
      const { servers } = JSON.parse(raw.toString());
      counts.readings += servers.length;
      for (const server of servers) if (server.state === 'online' && server.memory > 0) counts.online++;
    });
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'watch', ids }));
      resolve(ws);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`list socket: ${res.statusCode}`)));
  });
}

pinThisProcess(restCpu);
const outpost = await startOutpost({ cpus: panelCpu });
try {
  let started = performance.now();
  const nodes = await Promise.all(Array.from({ length: NODES }, (_, n) => addRemoteNode(outpost, { name: `fleet-${n + 1}`, cpus: restCpu })));
  console.log(`${NODES} remote nodes up in ${fmt((performance.now() - started) / 1000, 1)} s`);

  // Created through the API, several at a time, round-robin over the nodes; named so the list's
  // order (by name) is the order of `ids`.
  started = performance.now();
  const ids = new Array(SERVERS);
  await inParallel(SERVERS, CREATING_AT_ONCE, async (i) => {
    const name = `fleet ${String(i).padStart(5, '0')}`;
    ({ id: ids[i] } = await outpost.call('POST', '/api/servers', { name, node: nodes[i % NODES].id, template: i < RUNNING ? catDefinition : idleDefinition, environment: { type: 'standard' } }));
  });
  const createSeconds = (performance.now() - started) / 1000;
  console.log(`${SERVERS} servers created through POST /api/servers (${CREATING_AT_ONCE} at a time) in ${fmt(createSeconds, 1)} s (${fmt(SERVERS / createSeconds)}/s)`);

  await inParallel(RUNNING, 8, (i) => outpost.call('POST', `/proxy/daemon/server/${ids[i]}/start?wait=true`));
  console.log(`${RUNNING} of them started`);

  const listUrl = `${outpost.url}/api/servers?page=1&limit=${PAGE_SIZE}`;
  const first = await outpost.call('GET', `/api/servers?page=1&limit=${PAGE_SIZE}`);
  if (first.paging.total !== SERVERS) throw new Error(`the list holds ${first.paging.total} servers, not ${SERVERS}`);
  const getAt = (seconds) => withCpu(outpost.pid, () => load(listUrl, { connections: 10, seconds, headers: outpost.headers, cpus: restCpu, overallRate: RATE }));
  const figures = (r) => `p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms at ${fmt(r.rps)}/s${r.non2xx ? ` (${r.non2xx} not 2xx)` : ''}; panel ${fmt(r.cpuPercent, 1)} % of a core, waited ${fmt(r.waitMsPerS)} ms/s for one`;
  const best = (rounds) => rounds.reduce((a, b) => (b.non2xx < a.non2xx || (b.non2xx === a.non2xx && b.p99 < a.p99) ? b : a));
  await getAt(3); // warm (JIT, SQLite page cache)
  const baselines = [await getAt(ROUND_S)];
  const rssBefore = await rssMiB(outpost.pid);
  console.log(`no watchers: GET ${figures(baselines[0])}; panel rss ${fmt(rssBefore)} MiB`);

  started = performance.now();
  const cookies = [];
  await inParallel(SESSIONS, 4, async () => cookies.push(await signIn(outpost.url)));
  console.log(`${SESSIONS} sessions signed in in ${fmt((performance.now() - started) / 1000, 1)} s`);
  started = performance.now();
  const counts = { messages: 0, readings: 0, online: 0 };
  const pages = Math.ceil(SERVERS / PAGE_SIZE);
  const watchers = [];
  await inParallel(WATCHERS, 50, async (i) => {
    const page = i % pages;
    watchers.push(await openWatcher(outpost.url, cookies[i % SESSIONS], ids.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), counts));
  });
  console.log(`${watchers.length} watchers open (${SESSIONS} sessions of one administrator, ${fmt(WATCHERS / SESSIONS)} sockets each) in ${fmt((performance.now() - started) / 1000, 1)} s`);
  // Until every watched server has had its first reading.
  while (counts.readings < WATCHERS * PAGE_SIZE) await new Promise((r) => setTimeout(r, 200));
  console.log(`every watcher has its first readings after ${fmt((performance.now() - started) / 1000, 1)} s`);

  const counts0 = { ...counts };
  let peakRss = await rssMiB(outpost.pid);
  const sampler = setInterval(async () => (peakRss = Math.max(peakRss, await rssMiB(outpost.pid))), 250);
  const t0 = performance.now();
  const rounds = [];
  for (let left = WINDOW_S; left > 0; left -= ROUND_S) {
    rounds.push(await getAt(Math.min(ROUND_S, left)));
    console.log(`${fmt(WATCHERS)} watchers, round ${rounds.length}: GET ${figures(rounds.at(-1))}`);
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const readingsPerSecond = (counts.readings - counts0.readings) / seconds;
  console.log(`watchers got ${fmt((counts.messages - counts0.messages) / seconds)} messages/s, ${fmt(readingsPerSecond)} readings/s (${fmt((counts.online - counts0.online) / seconds)}/s of running servers with their memory); panel peak rss ${fmt(peakRss)} MiB over ${fmt(seconds, 1)} s`);
  for (const ws of watchers) ws.close();
  // Once the feed has let go of every server (its next tick after the last watcher left).
  await new Promise((r) => setTimeout(r, 5000));
  baselines.push(await getAt(ROUND_S));
  console.log(`no watchers again: GET ${figures(baselines[1])}`);

  const [watched, baseline] = [best(rounds), best(baselines)];
  const met = peakRss < MEMORY_BUDGET_MIB && watched.p99 < P99_BUDGET_MS && watched.non2xx === 0;
  await report('fleet', `panel ${fmt(peakRss)}/${MEMORY_BUDGET_MIB} MiB = ${(peakRss / MEMORY_BUDGET_MIB).toFixed(2)}; GET /api/servers p99 ${fmt(watched.p99, 1)}/${P99_BUDGET_MS} ms = ${(watched.p99 / P99_BUDGET_MS).toFixed(2)} (${fmt(SERVERS)} servers, ${NODES} daemons, ${fmt(WATCHERS)} watchers)${met ? ' met' : ''}; no watchers: p99 ${fmt(baseline.p99, 1)} ms, ${fmt(rssBefore)} MiB`, {
    met,
    panelRssMiB: peakRss,
    p50: watched.p50,
    p99: watched.p99,
    baselineP99: baseline.p99,
    createSeconds,
    readingsPerSecond,
  });
} finally {
  await outpost.stop();
}
