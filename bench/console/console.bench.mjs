// Console throughput through the panel's socket (what a browser sees), to a server on the local
// node and to one on a remote node (an `outpost daemon` child process on loopback), beside a bare
// `ws` relay of the same program, in the same run. `npm run bench:console` (builds first).
// The servers, the panel, the remote daemon and the relay share one core; the subscribers read on
// the other. The relay runs where the panel runs (relay.mjs) so that both pay for the program
// beside them and for the kernel's sends of every frame. Panel subscribers ask for the console
// since now on open, as the web console does; the figure is lines per second while the flood
// streams (see `measured`). Target (issue 36): local >= 0.90 and remote >= 0.80 of the relay.
// BENCH_VERBOSE=1 prints each round with the CPU the relaying processes spent (panel+daemon).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { alternate, fmt, percentile, report } from '../lib/measure.mjs';
import { addRemoteNode, createServers, pinThisProcess, startOutpost, startProcess } from '../lib/outpost.mjs';
import { consoleText, subscribers } from '../lib/sockets.mjs';

const flood = fileURLToPath(new URL('./flood.mjs', import.meta.url));
const FLOOD_LINES = Number(process.env.BENCH_LINES || 200_000);
const PACED_LINES = 2000;
const SUBSCRIBERS = 20;
const serverCpu = availableParallelism() >= 2 ? '1' : undefined;
// The subscribers (this process) read on the other core than the servers they measure.
if (serverCpu) pinThisProcess('0');

/** A server whose program is flood.mjs, run from its own folder as its own user. */
const floodDefinition = (args) => ({
  type: 'bench',
  run: { command: ['node', 'flood.mjs', ...args], stopCode: 15 },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
});

const outpost = await startOutpost({ cpus: serverCpu });
const floodSource = await readFile(flood);

async function putFlood(id) {
  const boundary = '----outpostbenchflood';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flood.mjs"\r\n\r\n`),
    floodSource,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${outpost.url}/proxy/daemon/server/${id}/file/flood.mjs`, { method: 'PUT', headers: { ...outpost.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
  if (!response.ok) throw new Error(`uploading flood.mjs: ${response.status} ${await response.text()}`);
}

/** Sets the server's program arguments (POST definition) and waits until it is stopped. */
async function prepare(id, args) {
  await outpost.call('POST', `/proxy/daemon/server/${id}/definition`, floodDefinition(args));
}

/**
 * A run's figure: lines per second while the flood streams, from the first flood line any
 * subscriber got to the last subscriber's last line, the lines of that first message not counted.
 * The time before the first line (spawning the program, node starting it) is not console
 * throughput, and counting it would dilute the ratio towards 1; a verbose run shows it, and the
 * mean frame size.
 */
function measured(subs, started, ends, cpu) {
  const first = subs.reduce((a, b) => (b.firstAt < a.firstAt ? b : a));
  const seconds = (Math.max(...ends) - first.firstAt) / 1000;
  const meanFrame = subs.reduce((sum, s) => sum + s.bytes, 0) / subs.reduce((sum, s) => sum + s.messages, 0);
  return { value: (first.target - first.firstLines) / seconds, firstLineMs: Math.round(first.firstAt - started), meanFrameBytes: Math.round(meanFrame), cpuMs: cpu(), latencies: subs.flatMap((s) => s.latencies) };
}

/**
 * CPU time (user + system, ms) the relaying processes spend from now until the answered function is
 * called: the panel (with its local node), the remote daemon, or the relay; not the program they run.
 * Unlike the wall-clock figure it hardly moves with what else the machine runs.
 */
function cpuOf(pids) {
  const read = () => pids.map((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  });
  const before = read();
  // Clock ticks of 10 ms; one figure per process.
  return () => read().map((ticks, i) => (ticks - before[i]) * 10).join('+');
}

/** Lines per second that `n` panel sockets each received while the server printed `lines`. */
async function throughPanel(id, args, n, latency = false, pids = [outpost.pid]) {
  await prepare(id, args);
  const url = `${outpost.url.replace('http', 'ws')}/proxy/daemon/socket/${id}`;
  const subs = await subscribers(url, n, consoleText, outpost.headers, { replay: true });
  const target = Number(args.at(-1));
  for (const sub of subs) Object.assign(sub, { target, wantLatency: latency });
  const started = performance.now();
  const cpu = cpuOf(pids);
  await outpost.call('POST', `/proxy/daemon/server/${id}/start`);
  const ends = await Promise.all(subs.map((s) => s.finished));
  const result = measured(subs, started, ends, cpu);
  for (const s of subs) s.ws.close();
  await outpost.call('POST', `/proxy/daemon/server/${id}/kill?wait`).catch(() => {});
  return result;
}

/** The baseline: relay.mjs, a bare ws server forwarding each pipe read of the same program as one message. */
const relay = await startProcess([fileURLToPath(new URL('./relay.mjs', import.meta.url))], { cpus: serverCpu, name: 'relay', ready: 'relay listening on' }).catch(async (error) => {
  await outpost.stop();
  throw error;
});
const relayPort = Number(/relay listening on (\d+)/.exec(relay.output())[1]);

async function bareRelay(args, n, latency = false) {
  const subs = await subscribers(`ws://127.0.0.1:${relayPort}`, n, (raw) => raw);
  const target = Number(args.at(-1));
  for (const sub of subs) Object.assign(sub, { target, wantLatency: latency });
  const started = performance.now();
  const cpu = cpuOf([relay.pid]);
  const response = await fetch(`http://127.0.0.1:${relayPort}/run`, { method: 'POST', body: JSON.stringify(args) });
  if (!response.ok) throw new Error(`relay: ${response.status}`);
  const ends = await Promise.all(subs.map((s) => s.finished));
  const result = measured(subs, started, ends, cpu);
  for (const s of subs) s.ws.close();
  return result;
}

try {
  const remote = await addRemoteNode(outpost, { cpus: serverCpu });
  const [local] = await createServers(outpost, 1, { prefix: 'console local', definition: floodDefinition(['1']) });
  const [away] = await createServers(outpost, 1, { prefix: 'console remote', node: remote.id, definition: floodDefinition(['1']) });
  await putFlood(local);
  await putFlood(away);
  // Warm every path once so JIT and sockets are not what we measure.
  await throughPanel(local, ['20000'], 1);
  await throughPanel(away, ['20000'], 1);
  await bareRelay(['20000'], 1);

  const lines = [String(FLOOD_LINES)];
  const results = await alternate({
    local: () => throughPanel(local, lines, SUBSCRIBERS),
    remote: () => throughPanel(away, lines, SUBSCRIBERS, false, [outpost.pid, remote.pid]),
    baseline: () => bareRelay(lines, SUBSCRIBERS),
  });
  for (const [name, { best, runs }] of Object.entries(results)) console.log(`${SUBSCRIBERS} subscribers, ${name.padEnd(8)} ${fmt(best.value)} lines/s (best of ${runs.length})`);
  // What the relaying costs (starting the program included), which a busy machine moves far less than lines per second do.
  const cpuLine = Object.entries(results).map(([name, { runs }]) => `${name} ${percentile(runs.map((run) => run.cpuMs.split('+').reduce((a, b) => a + Number(b), 0)), 50)}`);
  console.log(`CPU ms of the relaying processes (panel, + daemon for remote; the relay) per ${fmt(FLOOD_LINES)} lines, median: ${cpuLine.join(', ')}`);

  const paced = ['paced', String(PACED_LINES)];
  const latency = { local: await throughPanel(local, paced, 1, true), remote: await throughPanel(away, paced, 1, true), baseline: await bareRelay(paced, 1, true) };
  for (const [name, run] of Object.entries(latency)) {
    console.log(`latency at 1000 lines/s, ${name}: p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${percentile(run.latencies, 99).toFixed(2)} ms`);
  }
  const [l, r, b] = [results.local.best.value, results.remote.best.value, results.baseline.best.value];
  await report(
    'console',
    `local ${fmt(l)}/${fmt(b)} lines/s = ${(l / b).toFixed(2)}; remote ${fmt(r)}/${fmt(b)} lines/s = ${(r / b).toFixed(2)} (${SUBSCRIBERS} subscribers through the panel's socket, baseline a bare ws relay)${l / b >= 0.9 && r / b >= 0.8 ? ' (met)' : ''}`,
    { met: l / b >= 0.9 && r / b >= 0.8, local: l, remote: r, baseline: b, p99: Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, percentile(v.latencies, 99)])) },
  );
} finally {
  await relay.stop();
  await outpost.stop();
}
