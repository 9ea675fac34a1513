// A backup of a 1 GB folder of mixed files (issue 29's target) beside `tar -czf` of the same
// folder, in the same run: Outpost's `POST /api/servers/{id}/backups?wait=true` should reach at
// least 0.8 of tar's speed, and the panel's API p99 stay under 50 ms while it runs.
// `npm run bench:backups` (builds first). The folder (makeFolder.mjs, a fixed seed) is made once
// and copied on disk, untimed, into the server's folder, owned by the server's user. Each round:
// the API loop (apiLatency.mjs) alone on the idle panel for as long as the last backup took, then
// tar and Outpost in turns, each with the same loop running, so both share the machine alike.
// Figures are medians over the rounds (BENCH_ROUNDS, default 3), after one backup to warm up.
// BENCH_BACKUP_MB sizes the folder (default 1000), for a quick try; BENCH_API_GAP_MS paces the loop.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, percentile, report } from '../lib/measure.mjs';
import { createServers, startOutpost } from '../lib/outpost.mjs';
import { GAP_MS, latency, startApiLoop } from './apiLatency.mjs';
import { makeFolder } from './makeFolder.mjs';

const MB = Number(process.env.BENCH_BACKUP_MB || 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SEED = 29;
const [SPEED_TARGET, P99_TARGET_MS] = [0.8, 50];
const TICKS = 100; // USER_HZ on Linux

/** CPU seconds of a process itself and of the children it has waited for (tar and its gzip). */
async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return { self: (Number(fields[11]) + Number(fields[12])) / TICKS, children: (Number(fields[13]) + Number(fields[14])) / TICKS };
}

/** Runs a command to its end; throws unless it exits 0. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk) => (said += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit code ${code} ${said}`))));
  });
}

/**
 * Runs `work` with the API loop going; answers its result, seconds, the loop's times and the CPU
 * seconds meanwhile of the panel (its own: the API calls, and the daemon's share of a backup) and
 * of the tar and gzip children of the panel or of this process.
 */
async function measured(outpost, serverId, work) {
  const loop = startApiLoop(outpost, serverId);
  const [panel0, here0, at] = [await cpuSeconds(outpost.pid), await cpuSeconds(process.pid), performance.now()];
  const result = await work();
  const seconds = (performance.now() - at) / 1000;
  const [panel1, here1] = [await cpuSeconds(outpost.pid), await cpuSeconds(process.pid)];
  const times = await loop.stop();
  return { seconds, times, cpu: { panel: panel1.self - panel0.self, tar: panel1.children - panel0.children + here1.children - here0.children }, result };
}

const work = await mkdtemp(join(tmpdir(), 'outpost-bench-backups-'));
const folder = join(work, 'folder');
const outpost = await startOutpost();
try {
  let at = performance.now();
  const made = await makeFolder(folder, { totalBytes: MB * 1e6, smallCount: Math.round((20_000 * MB) / 1000), seed: SEED });
  const madeIn = (performance.now() - at) / 1000;

  const [serverId] = await createServers(outpost, 1, { prefix: 'backups' });
  const serverFolder = join(outpost.dataDir, 'servers', serverId);
  const owner = await stat(serverFolder);
  at = performance.now();
  await cp(folder, serverFolder, { recursive: true });
  await run('chown', ['-R', `${owner.uid}:${owner.gid}`, serverFolder]);
  const copiedIn = (performance.now() - at) / 1000;
  console.log(
    `folder: ${fmt(made.bytes / 1e6)} MB in ${fmt(made.files)} files (3 large of ${fmt(made.largeBytes / 1e6)} MB: random, 2 region-like; ${fmt(made.files - 3)} text-like of 1-20 KiB, ${fmt(made.smallBytes / 1e6)} MB, in ${made.folders} folders), seed ${SEED}; made in ${fmt(madeIn, 1)} s, copied into the server folder (owner ${owner.uid}) in ${fmt(copiedIn, 1)} s`,
  );

  const tarOut = join(work, 'baseline.tar.gz');
  const tar = async () => {
    const measure = await measured(outpost, serverId, () => run('tar', ['-czf', tarOut, '-C', folder, '.']));
    const { size } = await stat(tarOut);
    await rm(tarOut);
    return { ...measure, size };
  };
  let round = 0;
  const backup = async () => {
    const measure = await measured(outpost, serverId, () => outpost.call('POST', `/api/servers/${serverId}/backups?wait=true`, { name: `bench ${round}` }));
    const { id } = measure.result;
    const record = (await outpost.call('GET', `/api/servers/${serverId}/backups`)).backups.find((b) => b.id === id);
    if (record.status !== 'done' || record.files !== made.files) throw new Error(`backup ${id} is not the whole folder (${fmt(made.files)} files): ${JSON.stringify(record)}`);
    // Retention would keep five: each round's archive goes once measured.
    await outpost.call('DELETE', `/api/servers/${serverId}/backups/${id}`);
    return { ...measure, size: record.size };
  };
  const quiet = (seconds) => measured(outpost, serverId, () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)));

  const warm = await backup();
  console.log(`warm-up backup: ${fmt(warm.seconds, 1)} s`);
  const runs = { quiet: [], tar: [], outpost: [] };
  let last = warm.seconds;
  for (round = 1; round <= ROUNDS; round++) {
    runs.quiet.push(await quiet(last));
    for (const name of round % 2 ? ['tar', 'outpost'] : ['outpost', 'tar']) runs[name].push(await (name === 'tar' ? tar() : backup()));
    last = runs.outpost.at(-1).seconds;
    const [q, t, o] = [runs.quiet, runs.tar, runs.outpost].map((r) => r.at(-1));
    console.log(
      `round ${round}: tar -czf ${fmt(t.seconds, 1)} s, Outpost ${fmt(o.seconds, 1)} s; tar+gzip CPU ${fmt(t.cpu.tar, 1)}/${fmt(o.cpu.tar, 1)} s; panel process CPU ${fmt(q.cpu.panel, 1)} s quiet, ${fmt(t.cpu.panel, 1)} s during tar, ${fmt(o.cpu.panel, 1)} s during the backup; API p99 ${fmt(latency(q.times.all).p99, 1)} ms quiet, ${fmt(latency(o.times.all).p99, 1)} ms during the backup`,
    );
  }

  const median = (values) => percentile(values, 50);
  const seconds = { tar: median(runs.tar.map((r) => r.seconds)), outpost: median(runs.outpost.map((r) => r.seconds)) };
  const speed = { tar: made.bytes / 1e6 / seconds.tar, outpost: made.bytes / 1e6 / seconds.outpost };
  const size = { tar: median(runs.tar.map((r) => r.size)), outpost: median(runs.outpost.map((r) => r.size)) };
  const ratio = speed.outpost / speed.tar;
  const cell = (text, width) => String(text).padStart(width);
  console.log(`\nmedian of ${ROUNDS} rounds, ${fmt(made.bytes / 1e6)} MB folder`);
  console.log(`${''.padEnd(24)}${cell('seconds', 9)}${cell('MB/s', 8)}${cell('archive MB', 12)}`);
  for (const [name, label] of [['tar', 'tar -czf (baseline)'], ['outpost', 'Outpost backup']]) {
    console.log(`${label.padEnd(24)}${cell(fmt(seconds[name], 1), 9)}${cell(fmt(speed[name], 1), 8)}${cell(fmt(size[name] / 1e6, 1), 12)}`);
  }
  console.log(`Outpost/tar speed       ${ratio.toFixed(2)} (target at least ${SPEED_TARGET})`);

  // Each latency figure is the median over the rounds of that round's figure; max is the worst of all.
  const phases = [['quiet', 'quiet (idle panel)'], ['tar', 'during tar -czf'], ['outpost', 'during Outpost backup']];
  const figure = (name, path) => {
    const each = runs[name].map((r) => latency(r.times[path]));
    return { p50: median(each.map((l) => l.p50)), p99: median(each.map((l) => l.p99)), max: Math.max(...each.map((l) => l.max)), calls: each.reduce((n, l) => n + l.calls, 0) };
  };
  console.log(`\nAPI latency, ms (sequential calls on one connection, ${GAP_MS} ms apart)`);
  console.log(`${''.padEnd(24)}${cell('call', 22)}${cell('p50', 7)}${cell('p99', 7)}${cell('max', 7)}${cell('calls', 8)}`);
  for (const [name, label] of phases) {
    for (const [path, call] of [['server', 'GET /api/servers/{id}'], ['list', 'GET /api/servers']]) {
      const l = figure(name, path);
      console.log(`${label.padEnd(24)}${cell(call, 22)}${cell(fmt(l.p50, 1), 7)}${cell(fmt(l.p99, 1), 7)}${cell(fmt(l.max, 0), 7)}${cell(fmt(l.calls), 8)}`);
    }
  }
  const during = Math.max(figure('outpost', 'server').p99, figure('outpost', 'list').p99);
  const calm = Math.max(figure('quiet', 'server').p99, figure('quiet', 'list').p99);
  const line = `Outpost ${fmt(speed.outpost, 1)}/${fmt(speed.tar, 1)} MB/s = ${ratio.toFixed(2)} of tar -czf (target ${SPEED_TARGET}); archive ${fmt(size.outpost / 1e6)}/${fmt(size.tar / 1e6)} MB; API p99 ${fmt(during, 1)} ms during the backup / ${fmt(calm, 1)} ms quiet (target ${P99_TARGET_MS} ms)`;
  console.log('');
  await report('backups', line, { met: ratio >= SPEED_TARGET && during < P99_TARGET_MS, seconds, speed, size, p99: { during, quiet: calm } });
} finally {
  await outpost.stop();
  await rm(work, { recursive: true, force: true });
}
