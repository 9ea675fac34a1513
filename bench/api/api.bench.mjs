// GET /api/servers (signed in, 10 servers) under 50 connections, beside bare Fastify 5 answering
// the same page query of 10 rows, in the same run: on SQLite (better-sqlite3) and on PostgreSQL
// (`pg`, when PostgreSQL is installed; issue 36). `npm run bench:api` (builds first).
// With two cores or more, each server is pinned to core 1 and autocannon to core 0.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { load } from '../lib/autocannon.mjs';
import { alternate, fmt, ratioLine, report } from '../lib/measure.mjs';
import { createServers, freePort, startOutpost, startProcess } from '../lib/outpost.mjs';
import { benchPostgres } from '../lib/postgres.mjs';

const pinned = availableParallelism() >= 2;
const [serverCpu, loadCpu] = pinned ? ['1', '0'] : [undefined, undefined];
const SECONDS = Number(process.env.BENCH_SECONDS || 5);

/** Outpost (with `env`) against the baseline script (with `args`), taking turns; answers both bests. */
async function measure(label, env, script, args) {
  const outpost = await startOutpost({ cpus: serverCpu, env });
  const port = await freePort();
  const baseline = await startProcess([fileURLToPath(new URL(script, import.meta.url)), String(port), ...args], { cpus: serverCpu, name: 'baseline', ready: 'baseline listening' });
  try {
    await createServers(outpost, 10);
    const check = await outpost.call('GET', '/api/servers');
    if (check.servers.length !== 10) throw new Error(`expected 10 servers, got ${check.servers.length}`);
    const ours = () => load(`${outpost.url}/api/servers`, { connections: 50, seconds: SECONDS, headers: outpost.headers, cpus: loadCpu });
    const bare = () => load(`http://127.0.0.1:${port}/api/servers`, { connections: 50, seconds: SECONDS, cpus: loadCpu });
    // Warm both (JIT, the database's page cache) before anything counts.
    await load(`${outpost.url}/api/servers`, { connections: 10, seconds: 2, headers: outpost.headers, cpus: loadCpu });
    await load(`http://127.0.0.1:${port}/api/servers`, { connections: 10, seconds: 2, cpus: loadCpu });
    const results = await alternate({ ours, baseline: bare });
    for (const [name, { best }] of Object.entries(results)) {
      if (best.non2xx) throw new Error(`${label} ${name}: ${best.non2xx} answers were not 2xx`);
      console.log(`${label.padEnd(10)} ${name.padEnd(9)} ${fmt(best.rps)} req/s, p99 ${best.p99} ms (best of ${results[name].runs.length})`);
    }
    return { ours: results.ours.best, baseline: results.baseline.best };
  } finally {
    await baseline.stop();
    await outpost.stop();
  }
}

const sqlite = await measure('SQLite', {}, './baseline.mjs', []);
const line = ratioLine(sqlite.ours.rps, sqlite.baseline.rps, 'req/s', `, p99 ${sqlite.ours.p99} ms (baseline ${sqlite.baseline.p99} ms)`);
let met = sqlite.ours.rps / sqlite.baseline.rps >= 0.7 && sqlite.ours.p99 < 15;
const postgres = await benchPostgres();
if (!postgres) {
  console.log('PostgreSQL is not installed here: its line is left out (apt-get install postgresql-15).');
  await report('api', line, { ours: sqlite.ours, baseline: sqlite.baseline, met });
} else {
  try {
    const url = await postgres.database();
    const pgResult = await measure('PostgreSQL', { OUTPOST_DB_DIALECT: 'postgres', OUTPOST_DB_URL: url }, './baselinePostgres.mjs', [url]);
    met &&= pgResult.ours.rps / pgResult.baseline.rps >= 0.7;
    const pgLine = ratioLine(pgResult.ours.rps, pgResult.baseline.rps, 'req/s', `, p99 ${pgResult.ours.p99} ms (baseline ${pgResult.baseline.p99} ms)`);
    await report('api', `SQLite ${line}; PostgreSQL ${pgLine}`, { ours: sqlite.ours, baseline: sqlite.baseline, postgres: pgResult, met });
  } finally {
    await postgres.stop();
  }
}
