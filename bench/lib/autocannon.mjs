// The HTTP load generator: autocannon in-process, pinned to its own core when the machine has two.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('./autocannonRun.mjs', import.meta.url));

/**
 * Loads `url` with `connections` for `seconds` from a child process (pinned with taskset to
 * `cpus`, so the generator does not share a core with the server it measures); answers
 * requests per second, p50 and p99 latency in ms and the count of non-2xx answers.
 */
export async function load(url, { connections = 50, seconds = 5, headers = {}, cpus, method, body, overallRate } = {}) {
  // `overallRate` holds the load to that many requests a second (latency at a given rate, not the most it takes).
  const args = [runner, JSON.stringify({ url, connections, duration: seconds, headers, method, body, overallRate })];
  const [command, argv] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(out);
  return { value: result.requests.average, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}
