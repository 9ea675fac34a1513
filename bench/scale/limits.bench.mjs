// 1000 servers with limits on one node (issue 30): an `outpost daemon` alone, its servers written as
// definition files with memory, cpu, processes and disk limits and autostart, each program filling
// its folder with 100 files in 10 folders and then sleeping. Once they all run and their folders
// have been measured once, the daemon's CPU (share of one core) over a window of a minute, in
// which each running server's folder is measured again (DiskScanner) and the cgroups are kept,
// against the budget of 10 %. Run alone (`node bench/scale/limits.bench.mjs` after a build), or
// as the last line of `npm run bench:scale`.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, report } from '../lib/measure.mjs';
import { freePort, startProcess } from '../lib/outpost.mjs';

const SERVERS = Number(process.env.BENCH_SCALE_SERVERS || 1000);
const WINDOW_S = Number(process.env.BENCH_SCALE_LIMITS_SECONDS || 60);
const CPU_BUDGET = 10;
const TICKS = 100; // USER_HZ on Linux
const limits = { memory: 256, cpu: 50, processes: 64, disk: 1024 };

// 100 files of 4 KiB in 10 folders, with shell builtins only, then a sleep in the program's place.
const fill = 'for d in 0 1 2 3 4 5 6 7 8 9; do mkdir -p d$d; for f in 0 1 2 3 4 5 6 7 8 9; do printf "%4096s" x > d$d/f$f; done; done; exec sleep infinity';

async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** How many `sleep infinity` programs run now (each server's, once its folder is filled). */
async function sleepers() {
  let count = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline === 'sleep\0infinity\0') count++;
  }
  return count;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchLimits() {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-limits-'));
  await chmod(dir, 0o755);
  const serversDir = join(dir, 'data/servers');
  await mkdir(serversDir, { recursive: true });
  for (let i = 0; i < SERVERS; i++) {
    const id = (0x5ca1e000 + i).toString(16);
    const definition = { type: 'bench', run: { command: ['sh', '-c', fill], stopCode: 15, autostart: true }, environment: { type: 'standard' }, limits };
    await writeFile(join(serversDir, `${id}.json`), JSON.stringify(definition));
  }
  const config = join(dir, 'daemon.json');
  // Nobody answers at panelUrl: this daemon needs the panel only for SFTP logins, which the bench makes none of.
  await writeFile(config, JSON.stringify({ nodeId: 'bench-limits', secret: 'b'.repeat(40), panelUrl: 'http://127.0.0.1:9', privatePort: await freePort(), listenHost: '127.0.0.1', sftpPort: await freePort() }), { mode: 0o600 });
  const daemon = await startProcess([join(import.meta.dirname, '../../packages/cli/bin/outpost.js'), 'daemon', '--config', config], { cwd: dir, name: 'daemon', ready: 'is listening on port', readyTimeoutMs: 600_000 });
  try {
    const started = performance.now();
    while ((await sleepers()) < SERVERS) {
      if (performance.now() - started > 600_000) throw new Error(`only ${await sleepers()} of ${SERVERS} servers running after 10 minutes:\n${daemon.output().slice(-2000)}`);
      await wait(1000);
    }
    console.log(`${SERVERS} servers with limits ${JSON.stringify(limits)} running in ${fmt((performance.now() - started) / 1000, 1)} s`);
    // Every folder is measured once on opening (one after another); the window opens after that first pass.
    await wait(Number(process.env.BENCH_SCALE_LIMITS_SETTLE_S || 30) * 1000);
    const [cpu0, t0] = [await cpuSeconds(daemon.pid), performance.now()];
    await wait(WINDOW_S * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = (100 * ((await cpuSeconds(daemon.pid)) - cpu0)) / seconds;
    await report(
      'scale-limits',
      `daemon ${fmt(cpu, 1)}/${CPU_BUDGET} % of a core = ${(cpu / CPU_BUDGET).toFixed(2)} (${SERVERS} running servers with limits, each folder of 100 files in 10 folders measured about once a minute, over ${fmt(seconds, 0)} s)`,
      { met: cpu < CPU_BUDGET, daemonCpu: cpu },
    );
  } finally {
    await daemon.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchLimits();
