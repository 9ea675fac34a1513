// GET /api/servers (signed in, 10 servers) under 50 connections, beside bare Fastify 5 answering
// one better-sqlite3 page query of 10 rows, in the same run. `npm run bench:api` (builds first).
// With two cores or more, each server is pinned to core 1 and autocannon to core 0.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { load } from '../lib/autocannon.mjs';
import { alternate, fmt, ratioLine, report } from '../lib/measure.mjs';
import { createServers, freePort, startOutpost, startProcess } from '../lib/outpost.mjs';

const pinned = availableParallelism() >= 2;
const [serverCpu, loadCpu] = pinned ? ['1', '0'] : [undefined, undefined];
const SECONDS = Number(process.env.BENCH_SECONDS || 5);

const outpost = await startOutpost({ cpus: serverCpu });
const port = await freePort();
const baseline = await startProcess([fileURLToPath(new URL('./baseline.mjs', import.meta.url)), String(port)], { cpus: serverCpu, name: 'baseline', ready: 'baseline listening' });
try {
  await createServers(outpost, 10);
  const check = await outpost.call('GET', '/api/servers');
  if (check.servers.length !== 10) throw new Error(`expected 10 servers, got ${check.servers.length}`);
  const ours = () => load(`${outpost.url}/api/servers`, { connections: 50, seconds: SECONDS, headers: outpost.headers, cpus: loadCpu });
  const bare = () => load(`http://127.0.0.1:${port}/api/servers`, { connections: 50, seconds: SECONDS, cpus: loadCpu });
  // Warm both (JIT, SQLite page cache) before anything counts.
  await load(`${outpost.url}/api/servers`, { connections: 10, seconds: 2, headers: outpost.headers, cpus: loadCpu });
  await load(`http://127.0.0.1:${port}/api/servers`, { connections: 10, seconds: 2, cpus: loadCpu });
  const results = await alternate({ ours, baseline: bare });
  for (const [name, { best }] of Object.entries(results)) {
    if (best.non2xx) throw new Error(`${name}: ${best.non2xx} answers were not 2xx`);
    console.log(`${name.padEnd(9)} ${fmt(best.rps)} req/s, p99 ${best.p99} ms (best of ${results[name].runs.length})`);
  }
  const { ours: o, baseline: b } = results;
  await report('api', ratioLine(o.best.rps, b.best.rps, 'req/s', `, p99 ${o.best.p99} ms (baseline ${b.best.p99} ms)`), { ours: o.best, baseline: b.best, met: o.best.rps / b.best.rps >= 0.7 && o.best.p99 < 15 });
} finally {
  await baseline.stop();
  await outpost.stop();
}
