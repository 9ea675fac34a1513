// One node with many servers: 1000 servers on a remote node (an `outpost daemon` child process, so
// its CPU is its own), 1000 sockets open through the panel, each asking stats every 3 s like a
// server page does. Measures the daemon's CPU (share of one core) and the panel's memory (RSS)
// over a window, against the budgets of 10 % and 300 MiB; then the lines of limits.bench.mjs and
// history.bench.mjs (a simulated day of 1000 servers' stats history).
// `npm run bench:scale` (builds first).
import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { fmt, report } from '../lib/measure.mjs';
import { addRemoteNode, createServers, startOutpost } from '../lib/outpost.mjs';
import { benchLimits } from './limits.bench.mjs';
import { benchHistory } from './history.bench.mjs';

const SERVERS = Number(process.env.BENCH_SCALE_SERVERS || 1000);
const WINDOW_S = Number(process.env.BENCH_SCALE_SECONDS || 30);
const STATS_EVERY_MS = 3000;
const [CPU_BUDGET, MEMORY_BUDGET_MIB] = [10, 300];
const TICKS = 100; // USER_HZ on Linux

/** User plus system CPU seconds of a process so far. */
async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** Opens one panel socket per server, each asking stats every 3 s (staggered); answers them. */
async function openSockets(outpost, ids) {
  const sockets = [];
  let answers = 0;
  for (const [i, id] of ids.entries()) {
    const ws = new WebSocket(`${outpost.url.replace('http', 'ws')}/proxy/daemon/socket/${id}`, { perMessageDeflate: false, headers: outpost.headers });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.on('message', (raw) => {
      if (raw.toString().startsWith('{"type":"stat"')) answers++;
    });
    const ask = () => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ type: 'stat' }));
    setTimeout(() => {
      ask();
      ws.timer = setInterval(ask, STATS_EVERY_MS);
    }, (i * STATS_EVERY_MS) / ids.length);
    sockets.push(ws);
  }
  return { sockets, answers: () => answers };
}

const outpost = await startOutpost();
try {
  const remote = await addRemoteNode(outpost);
  const started = performance.now();
  const ids = [];
  const batches = 8;
  await Promise.all(
    Array.from({ length: batches }, async (_, b) => {
      const count = Math.floor(SERVERS / batches) + (b < SERVERS % batches ? 1 : 0);
      ids.push(...(await createServers(outpost, count, { node: remote.id, prefix: `scale ${b}` })));
    }),
  );
  console.log(`${ids.length} servers created on the remote node in ${fmt((performance.now() - started) / 1000, 1)} s`);
  const { sockets, answers } = await openSockets(outpost, ids);
  console.log(`${sockets.length} sockets open through the panel`);
  // Let the first round of stats settle before the window opens.
  await new Promise((r) => setTimeout(r, STATS_EVERY_MS * 2));
  const [cpu0, answers0, t0] = [await cpuSeconds(remote.pid), answers(), performance.now()];
  let peakRss = await rssMiB(outpost.pid);
  const sampler = setInterval(async () => (peakRss = Math.max(peakRss, await rssMiB(outpost.pid))), 500);
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const daemonCpu = (100 * (await cpuSeconds(remote.pid) - cpu0)) / seconds;
  const statsPerSecond = (answers() - answers0) / seconds;
  const daemonRss = await rssMiB(remote.pid);
  console.log(`over ${fmt(seconds, 1)} s: daemon ${fmt(daemonCpu, 1)} % of a core (rss ${fmt(daemonRss)} MiB), ${fmt(statsPerSecond)} stats answers/s; panel peak rss ${fmt(peakRss)} MiB`);
  for (const ws of sockets) {
    clearInterval(ws.timer);
    ws.close();
  }
  await report('scale', `daemon ${fmt(daemonCpu, 1)}/${CPU_BUDGET} % of a core = ${(daemonCpu / CPU_BUDGET).toFixed(2)}; panel ${fmt(peakRss)}/${MEMORY_BUDGET_MIB} MiB = ${(peakRss / MEMORY_BUDGET_MIB).toFixed(2)} (${ids.length} servers, ${sockets.length} sockets asking stats every 3 s)`, {
    met: daemonCpu < CPU_BUDGET && peakRss < MEMORY_BUDGET_MIB,
    daemonCpu,
    panelRssMiB: peakRss,
    statsPerSecond,
  });
} finally {
  await outpost.stop();
}
// Then 1000 running servers with limits: the disk scans and cgroups (issue 30), on a daemon of their own.
await benchLimits();
// And 1000 servers' stats history kept for a simulated day (issue 32), in this process.
await benchHistory();
