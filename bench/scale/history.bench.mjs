// Issue 32's figure: 1000 servers sampled every 10 s with their stats history kept, over a simulated
// day. The built panel (buildApp on a SQLite file) is given a clock the bench moves; each 10-s tick
// a node's answer of 1000 synthetic samples goes through the collector's own path (record: the
// spans in memory, an hour's row written as it ends) and the roll-up job runs every 5 minutes as
// it would (5-minute and hourly points, removal by age). Measured: the panel's CPU seconds for the
// day and the database's growth, beside the same day with history off (the samples made and
// dropped: what the bench itself costs). Samples are noisy on purpose, so they shrink no better
// than a real server's. Run alone (`node bench/scale/history.bench.mjs` after a build), or as a line
// of `npm run bench:scale`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { buildApp } from '@outpost/panel';
import { fmt, report } from '../lib/measure.mjs';
// Internal to the panel: how one span is kept, to size the rows a full week and a full day make.
import { bucketPoints, MetricSpan } from '../../packages/panel/dist/services/metrics/MetricSpan.js';
import { metricTiers } from '../../packages/panel/dist/services/metrics/metricTiers.js';

const SERVERS = Number(process.env.BENCH_SCALE_SERVERS || 1000);
const HOURS = Number(process.env.BENCH_HISTORY_HOURS || 24);
const TICK_MS = 10_000;
const ROLLUP_EVERY_MS = 5 * 60_000;
const HOUR = 3_600_000;

/** A deterministic generator, so both contenders see the same samples. */
function random(seed) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** Each server's drifting CPU, memory, disk and players: a random walk per server. */
function makeServers(ids) {
  const next = random(42);
  return ids.map((id) => ({ id, cpu: next() * 50, memory: (0.5 + next() * 3) * 1024 ** 3, disk: (1 + next() * 9) * 1024 ** 3, players: Math.floor(next() * 20), next }));
}

function tick(servers, t) {
  return servers.map((server) => {
    const { next } = server;
    server.cpu = Math.min(400, Math.max(0, server.cpu + (next() - 0.5) * 10));
    server.memory = Math.max(64 * 1024 ** 2, server.memory + (next() - 0.5) * 8 * 1024 ** 2);
    // A running server's folder is measured about once a minute (DiskScanner): its size moves every sixth sample.
    if (t % 60_000 === 0) server.disk += next() * 6 * 64 * 1024;
    if (next() < 0.05) server.players = Math.max(0, server.players + (next() < 0.5 ? -1 : 1));
    // As a node reads them: CPU to the hundredth, memory and disk in bytes.
    return { server: server.id, t: t + 1234, cpu: Math.round(server.cpu * 100) / 100, memory: Math.round(server.memory), disk: Math.round(server.disk), players: server.players };
  });
}

/** Bytes the SQLite database holds in use (its pages less the free ones) after a checkpoint, and its metrics rows by tier. */
function measureDatabase(file) {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = (db.pragma('page_count', { simple: true }) - db.pragma('freelist_count', { simple: true })) * db.pragma('page_size', { simple: true });
    const tiers = db.prepare('select tier, count(*) as rows, sum(length(data)) as bytes from metrics group by tier order by tier').all();
    return { bytes, tiers };
  } finally {
    db.close();
  }
}

/** One simulated day on a fresh panel, history on or off: its CPU seconds and database growth. */
async function simulateDay(historyOn) {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-history-'));
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  let clock = start;
  const config = { port: 0, host: '127.0.0.1', dataDir: dir, db: { dialect: 'sqlite', url: join(dir, 'outpost.db') }, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 };
  const app = await buildApp({ config, webDist: '/nonexistent-web-dist', metrics: { now: () => clock, intervalMs: 365 * 24 * HOUR } });
  try {
    const { repo, metrics } = app.panel;
    const nodeId = (await repo.nodes.local()).id;
    const ids = Array.from({ length: SERVERS }, (_, i) => (0x4157e000 + i).toString(16));
    for (const id of ids) await repo.servers.insert({ id, name: `history ${id}`, node_id: nodeId, ip: '', port: null, type: 'bench', created_at: start });
    const servers = makeServers(ids);
    const bytesBefore = measureDatabase(config.db.url).bytes;
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    let nextRollup = start + ROLLUP_EVERY_MS;
    for (clock = start; clock < start + HOURS * HOUR; clock += TICK_MS) {
      const samples = tick(servers, clock);
      if (!historyOn) continue;
      await metrics.collector.record(nodeId, samples);
      if (clock >= nextRollup) {
        await metrics.collector.flushDue();
        await metrics.rollup.run();
        nextRollup += ROLLUP_EVERY_MS;
      }
    }
    // The day's last hour is written as the panel would at its end.
    if (historyOn) {
      clock += 2 * 60_000;
      await metrics.collector.flushDue();
      await metrics.rollup.run();
    }
    const cpu = process.cpuUsage(cpuBefore);
    const wall = (performance.now() - wallBefore) / 1000;
    const { bytes, tiers } = measureDatabase(config.db.url);
    return { cpuSeconds: (cpu.user + cpu.system) / 1e6, wall, bytes: bytes - bytesBefore, tiers };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The encoded size of one full row of each tier, from a week of one synthetic server's samples. */
function fullRowBytes() {
  const [server] = makeServers(['4157efff']);
  const week = [];
  for (let t = 0; t < 7 * 24 * HOUR; t += TICK_MS) week.push(...tick([server], t));
  return metricTiers.map((tier) => {
    const span = new MetricSpan(server.id, tier, 0);
    for (const point of tier.tier === 0 ? week : bucketPoints(week, tier.stepMs)) span.put(point);
    return span.encode().length;
  });
}

export async function benchHistory() {
  const off = await simulateDay(false);
  const on = await simulateDay(true);
  const perDay = (value) => (value * 24) / HOURS;
  const cpuOn = perDay(on.cpuSeconds);
  const cpuOff = perDay(off.cpuSeconds);
  const growth = perDay(on.bytes);
  console.log(`history on: ${fmt(on.cpuSeconds, 1)} CPU s over ${HOURS} simulated hours (${fmt(on.wall, 1)} s of wall time); rows by tier ${JSON.stringify(on.tiers)}`);
  console.log(`history off: ${fmt(off.cpuSeconds, 1)} CPU s (the same samples made and dropped); database growth ${fmt(off.bytes)} bytes`);
  // What a server keeps once every tier is full (a year on): 48 rows of half an hour's 10-s points, 30
  // of a day's 5-minute ones, 53 of a week's hourly ones; each row's share of the table beyond its
  // data (key, index, page room) as measured over the day.
  const rows = on.tiers.reduce((sum, tier) => sum + tier.rows, 0);
  const rowOverhead = (on.bytes - on.tiers.reduce((sum, tier) => sum + tier.bytes, 0)) / rows;
  const [hourRow, dayRow, weekRow] = fullRowBytes();
  const held = [48, 30, 53];
  const yearPerServer = held[0] * hourRow + held[1] * dayRow + held[2] * weekRow + (held[0] + held[1] + held[2]) * rowOverhead;
  console.log(
    `a full row: half an hour of 10-s points ${fmt(hourRow)} B, a day of 5-minute ${fmt(dayRow)} B, a week of hourly ${fmt(weekRow)} B; ${fmt(rowOverhead)} B more per row in the table; ` +
      `a server's history a year on: ${fmt(yearPerServer / 1024)} KiB in ${held[0] + held[1] + held[2]} rows, ${fmt((yearPerServer * SERVERS) / 1024 ** 2)} MiB for ${SERVERS} servers`,
  );
  await report(
    'scale-history',
    `panel ${fmt(cpuOn, 1)}/${fmt(cpuOff, 1)} CPU s per day with history on/off (${fmt(((cpuOn - cpuOff) / 86_400) * 100, 2)} % of a core); database growth ${fmt(growth / 1024 ** 2, 1)}/${fmt(perDay(off.bytes) / 1024 ** 2, 1)} MiB per day on/off = ${fmt(growth / SERVERS / 1024, 1)} KiB per server per day, ${fmt(yearPerServer / 1024)} KiB per server a year on (${SERVERS} servers sampled every 10 s, ${HOURS} simulated hours on SQLite)`,
    { cpuSecondsPerDay: cpuOn, baselineCpuSecondsPerDay: cpuOff, bytesPerDay: growth, bytesPerServerDay: growth / SERVERS, yearBytesPerServer: yearPerServer },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchHistory();
