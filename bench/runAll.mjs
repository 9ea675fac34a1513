// `npm run bench`: every benchmark in turn (each starts what it needs), then bench/RESULTS.md with
// each one's last line, the machine and the date. A benchmark whose target was missed runs once
// more under `node --cpu-prof` (BENCH_PROFILE) and its processes' top functions go in the file.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { topFunctions } from './lib/profileTop.mjs';

const here = fileURLToPath(new URL('./', import.meta.url));
const benches = [
  ['api', 'api/api.bench.mjs', 'GET /api/servers, signed in, 10 servers, 50 connections, against bare Fastify 5 + the same page query, on SQLite (better-sqlite3) and PostgreSQL (pg)', 'at least 0.70 on each, p99 under 15 ms on SQLite'],
  ['files', 'files/files.bench.mjs', '200 MB download, multipart upload and tus upload (creation, one PATCH) through the panel, sent by curl, against nginx (sendfile; WebDAV PUT with curl -T); remote node against local', 'download at least 0.90, both uploads at least 0.60'],
  ['console', 'console/console.bench.mjs', "20 console subscribers through the panel's socket, local and remote node, against a bare ws relay (lines per second while the flood streams)", 'local at least 0.90, remote at least 0.80'],
  ['web', 'web/web.bench.mjs', 'JavaScript before the sign-in page draws; server list and server page interactive (the app takes a click) on a cold load', 'at most 100 KB gzip; within 1 s each'],
  ['scale', 'scale/scale.bench.mjs', '1000 servers on one node, 1000 sockets asking stats every 3 s', 'daemon under 10 % of a core, panel under 300 MiB'],
  ['fleet', 'scale/fleet.bench.mjs', '5,000 servers over 5 remote daemons, 1,000 live-list watchers (/api/servers/live, a page of 10 each), GET /api/servers (page 1 of 10) at 50 a second meanwhile, against the same GET with no watchers', 'panel under 400 MiB, GET p99 under 50 ms'],
  ['floods', 'floods/floods.bench.mjs', "a user's GET /api/servers while another account floods /api/servers/live; their sign-in while wrong passwords from many addresses fill the password queue; each against the same with no flood", 'list p99 under 50 ms; every sign-in succeeds'],
  ['backups', 'backups/backups.bench.mjs', 'backup of a 1 GB folder of mixed files (3 large, 20,000 small) through POST /api/servers/{id}/backups?wait=true, beside tar -czf of the same folder; the API latency meanwhile', 'at least 0.80 of tar; API p99 under 50 ms'],
  ['activity', 'activity/activity.bench.mjs', 'console commands at 1,000 a second through POST /api/servers/{id}/console (each one activity event) with GET /api/servers at 200 a second, the activity log on against the same panel with it off', 'p99 within 10 % (or 1 ms) of the log off'],
  ['sftp', 'sftp/sftp.bench.mjs', '200 MB upload and download with OpenSSH sftp (aes128-gcm), against OpenSSH sshd on the same machine', 'at least 0.90 both ways'],
  ['cluster', 'cluster/cluster.bench.mjs', 'GET /api/servers through HAProxy (deploy/haproxy.cfg), signed in, 10 servers on a remote node, 50 connections, against 1, 2 and 3 panel-only instances on one PostgreSQL', '2/1 at least 1.0 (bounded by the cores: see the bounds line)'],
];
const only = process.argv.slice(2);
const resultsFile = join(here, '.results.jsonl');

/** Runs one benchmark, its output shown as it comes; answers the exit code and what it printed. */
function run(script, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, script)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function lastResult(name) {
  const lines = (await readFile(resultsFile, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l)).findLast((r) => r.name === name);
}

/** The top functions of each process profiled during one more run of a benchmark. */
async function profile(script) {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-profile-'));
  try {
    const { output } = await run(script, { BENCH_PROFILE: dir, BENCH_ROUNDS: '1' });
    const out = [`(the profiled run: ${output.trim().split('\n').at(-1)})`];
    for (const file of (await readdir(dir)).sort()) {
      const top = topFunctions(JSON.parse(await readFile(join(dir, file), 'utf8')), 14).filter((f) => !f.name.startsWith('(idle)'));
      out.push(`${file.split('-')[0]} (${file}):`, ...top.map((f) => `  ${f.percent.toFixed(1).padStart(5)}%  ${f.name}`));
    }
    return out.join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await rm(resultsFile, { force: true });
const rows = [];
for (const [name, script, what, target] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== bench:${name} ===`);
  const { code, output } = await run(script);
  const result = await lastResult(name);
  const entry = { name, what, target, output: output.trim(), line: result?.line ?? `${name}: failed (exit code ${code})`, met: result?.met };
  if (result && result.met === false && !process.env.BENCH_NO_PROFILE) {
    console.log(`--- bench:${name} missed its target: profiling one more run ---`);
    entry.profile = await profile(script);
  }
  rows.push(entry);
}

const model = cpus()[0]?.model ?? 'unknown';
const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const md = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()}.`,
  '',
  `Machine: ${availableParallelism()} CPUs (nproc), ${model}; Node ${process.version}; load average at the end ${load}.`,
  'Each benchmark measures ours and its baseline in the same run, taking turns over several rounds;',
  'absolute figures swing with the load of the machine, so only the ratios mean much.',
  '',
  '| bench | what | target | result | met |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| \`bench:${r.name}\` | ${r.what} | ${r.target} | \`${r.line}\` | ${r.met === undefined ? '?' : r.met ? 'yes' : 'no'} |`),
  '',
];
for (const r of rows) {
  md.push(`## bench:${r.name}`, '', '```', r.output, '```', '');
  if (r.profile) md.push('Where the time goes: self time per function in each process, one more run under `node --cpu-prof` (idle left out):', '', '```', r.profile, '```', '');
}
await writeFile(join(here, 'RESULTS.md'), md.join('\n'));
console.log(`\nbench/RESULTS.md written:\n${rows.map((r) => r.line).join('\n')}`);
