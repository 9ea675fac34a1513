// Console throughput and latency through the daemon, beside a bare `ws` baseline in the same run.
// Run with `npm run bench:console` (builds first). Loopback only, bounded, stops by itself.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { Daemon, signNodeToken } from '../../packages/daemon/dist/index.js';

const flood = fileURLToPath(new URL('./flood.mjs', import.meta.url));
const FLOOD_LINES = 200_000;
const PACED_LINES = 3000;
const SERVER = 'be0c0de0';
const now = () => performance.timeOrigin + performance.now();

const countLines = (text) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** Opens `n` sockets to `url`, each counting lines; answers them once all are open. */
async function subscribers(url, n, textOf) {
  return Promise.all(
    Array.from({ length: n }, () => new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const sub = { ws, lines: 0, latencies: [], done: null };
      sub.finished = new Promise((r) => (sub.done = r));
      ws.on('message', (raw) => {
        const text = textOf(raw.toString());
        if (!text) return;
        sub.lines += countLines(text);
        if (sub.wantLatency) {
          const at = now();
          for (const m of text.matchAll(/t=(\d+\.\d+)/g)) sub.latencies.push(at - Number(m[1]));
        }
        if (sub.lines >= sub.target) sub.done(performance.now());
      });
      ws.once('open', () => resolve(sub));
      ws.once('error', reject);
    })),
  );
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---- ours: the daemon, its HTTP+WS API, a server whose program floods ----
const dir = await mkdtemp(join(tmpdir(), 'outpost-bench-'));
const daemon = await Daemon.open({ nodeId: 'bench', secret: 'bench-secret', serversDir: dir, stopGraceMs: 2000, autostart: false });
const app = Fastify();
await app.register(daemon.routes);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const token = signNodeToken('bench-secret', { node: 'bench', user: 'bench', server: SERVER, scopes: ['servers.admin'], exp: Math.floor(Date.now() / 1000) + 600 });
const socketUrl = `${base.replace('http', 'ws')}/daemon/socket/${SERVER}?token=${token}`;
const consoleText = (raw) => {
  const message = JSON.parse(raw);
  return message.type === 'console' ? message.data.logs.join('') : '';
};

async function ours(args, subscriberCount, latency = false) {
  await daemon.servers.putDefinition(SERVER, { run: { command: [process.execPath, flood, ...args] } }).catch(() =>
    daemon.servers.create(SERVER, { run: { command: [process.execPath, flood, ...args] } }),
  );
  const subs = await subscribers(socketUrl, subscriberCount, consoleText);
  const target = Number(args.at(-1));
  // The daemon's own "[DAEMON]" lines count too: two lines in 200,000 do not move the figure.
  for (const sub of subs) Object.assign(sub, { target, wantLatency: latency });
  const started = performance.now();
  await daemon.servers.get(SERVER).start();
  const ends = await Promise.all(subs.map((s) => s.finished));
  await daemon.servers.get(SERVER).kill();
  for (const s of subs) s.ws.close();
  return { linesPerSecond: target / ((Math.max(...ends) - started) / 1000), latencies: subs.flatMap((s) => s.latencies) };
}

// ---- baseline: a bare ws server forwarding each pipe read of the same program as one message ----
async function baseline(args, subscriberCount, latency = false) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const subs = await subscribers(`ws://127.0.0.1:${wss.address().port}`, subscriberCount, (raw) => raw);
  const target = Number(args.at(-1));
  for (const sub of subs) Object.assign(sub, { target, wantLatency: latency });
  const started = performance.now();
  const child = spawn(process.execPath, [flood, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    for (const client of wss.clients) client.send(text);
  });
  const ends = await Promise.all(subs.map((s) => s.finished));
  child.kill('SIGKILL');
  for (const s of subs) s.ws.close();
  await new Promise((r) => wss.close(r));
  return { linesPerSecond: target / ((Math.max(...ends) - started) / 1000), latencies: subs.flatMap((s) => s.latencies) };
}

async function memoryWhileFlooding() {
  const id = 'be0c0de1';
  await daemon.servers.create(id, { run: { command: [process.execPath, flood, String(FLOOD_LINES * 5)] } });
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const server = daemon.servers.get(id);
  await server.start();
  const exited = new Promise((resolve) => server.onStatus((running) => !running && resolve()));
  await exited;
  clearInterval(sampler);
  return { before, peak, bufferChars: server.console.length };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const results = {};
try {
  // Warm up both paths once so JIT and sockets are not what we measure.
  await ours(['20000'], 1);
  await baseline(['20000'], 1);

  for (const n of [1, 20]) {
    results[`ours_${n}`] = (await ours([String(FLOOD_LINES)], n)).linesPerSecond;
    results[`baseline_${n}`] = (await baseline([String(FLOOD_LINES)], n)).linesPerSecond;
    console.log(`throughput, ${n} subscriber(s): ours ${fmt(results[`ours_${n}`])} lines/s, baseline ${fmt(results[`baseline_${n}`])} lines/s`);
  }
  const oursPaced = await ours(['paced', String(PACED_LINES)], 1, true);
  const basePaced = await baseline(['paced', String(PACED_LINES)], 1, true);
  for (const [name, run] of [['ours', oursPaced], ['baseline', basePaced]]) {
    results[`${name}_p50_ms`] = percentile(run.latencies, 50);
    results[`${name}_p99_ms`] = percentile(run.latencies, 99);
    console.log(`latency at 1000 lines/s, ${name}: p50 ${results[`${name}_p50_ms`].toFixed(2)} ms, p99 ${results[`${name}_p99_ms`].toFixed(2)} ms (${run.latencies.length} lines)`);
  }
  const memory = await memoryWhileFlooding();
  results.memory = memory;
  console.log(
    `daemon memory while a server floods ${fmt(FLOOD_LINES * 5)} lines: rss ${(memory.before / 2 ** 20).toFixed(0)} MiB before, ` +
      `peak ${(memory.peak / 2 ** 20).toFixed(0)} MiB; console buffer ${fmt(memory.bufferChars)} characters (limit 4,194,304)`,
  );
} finally {
  await app.close();
  await daemon.close();
  await rm(dir, { recursive: true, force: true });
}

const ratio = results.ours_20 / results.baseline_20;
const oursMin = Math.min(results.ours_1 / results.baseline_1, ratio);
await writeFile(new URL('./results.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), ...results, worstRatio: oursMin }, null, 2) + '\n');
console.log(`console: ${fmt(results.ours_20)}/${fmt(results.baseline_20)} lines/s = ${ratio.toFixed(2)}, p99 ${results.ours_p99_ms.toFixed(2)} ms`);
