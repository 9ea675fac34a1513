// What a user of the panel notices while a backup runs: sequential calls on one keep-alive
// connection, a server's page (GET /api/servers/{id}) and the list (GET /api/servers) in turn,
// each timed, for as long as the caller keeps the loop going. A pause of BENCH_API_GAP_MS (default
// 10) between calls keeps it a busy user's pace rather than a flood that takes a core from the backup.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../lib/measure.mjs';

export const GAP_MS = Number(process.env.BENCH_API_GAP_MS ?? 10);
const PATHS = (serverId) => ({ server: `/api/servers/${serverId}`, list: '/api/servers' });

/** One GET on `agent`: answers its time in ms; throws on anything but 200. */
function timedGet(outpost, agent, path) {
  return new Promise((resolve, reject) => {
    const at = performance.now();
    http
      .get(`${outpost.url}${path}`, { agent, headers: outpost.headers }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - at) : reject(new Error(`GET ${path} answered ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

/**
 * Starts the loop; `stop()` ends it after the call in flight and answers, per path and for both
 * together, the times in ms.
 */
export function startApiLoop(outpost, serverId) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const paths = PATHS(serverId);
  const times = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  let going = true;
  const done = (async () => {
    while (going) {
      for (const [name, path] of Object.entries(paths)) {
        times[name].push(await timedGet(outpost, agent, path));
        if (GAP_MS > 0) await sleep(GAP_MS);
      }
    }
  })();
  return {
    async stop() {
      going = false;
      await done.finally(() => agent.destroy());
      return { ...times, all: Object.values(times).flat() };
    },
  };
}

/** p50, p99 and max of some times, and how many. */
export function latency(times) {
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times), calls: times.length };
}
