// What a signed-in user notices while another account floods (issue 26's targets), each beside the
// same figures with no flood, in the same run. `npm run bench:floods` (builds first).
// - The list socket: the user pages GET /api/servers over one keep-alive connection while another
//   account sends watch lists on /api/servers/live as fast as it can, over several connections at
//   once, opening another whenever the panel cuts one off; p50/p99 of the user's calls (target:
//   p99 under 50 ms).
// - Sign-in: a user not under attack signs in while wrong passwords at another account and at
//   made-up ones, from many addresses (X-Forwarded-For, the panel trusting loopback as its proxy),
//   keep the password queue full: once from a pool of addresses that have each failed already, once
//   from a new address per guess; their successes and median time.
// With two cores or more the panel is pinned to core 1, the flooders and this process to core 0.
// `floods.bench.mjs list` or `login` runs one of the two alone (for a profile, BENCH_PROFILE).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LIVE_WATCH_MAX } from '@outpost/shared';
import { alternate, fmt, percentile, report, ROUNDS } from '../lib/measure.mjs';
import { createServers, pinThisProcess, startOutpost } from '../lib/outpost.mjs';

const pinned = availableParallelism() >= 2;
const [serverCpu, loadCpu] = pinned ? ['1', '0'] : [undefined, undefined];
// The list flood: 80 sockets, 8 at a time, each sending up to 500 watch lists (the panel cuts one
// off after about 240), so at most 40,000 lists of 100 ids.
const FLOOD = { connections: Number(process.env.BENCH_FLOOD_CONNECTIONS || 80), parallel: 8, perConnection: 500 };
const QUIET_CALLS = 300;
const SIGN_INS = 10;
// As many addresses as the login test spreads its flood over; each is used until it has failed.
const POOL = 348;
const LOGIN_ATTACKERS = 60;
const LIST_TARGET_MS = 50;
const flooderScript = fileURLToPath(new URL('./flooder.mjs', import.meta.url));
const user = { username: 'honest', email: 'honest@outpost.test', password: 'honest-password-1', address: '198.51.100.7' };
const victim = { username: 'victim', email: 'victim@outpost.test', password: 'victim-password-1' };

pinThisProcess(loadCpu);
const outpost = await startOutpost({ cpus: serverCpu, env: { OUTPOST_TRUST_PROXY: '127.0.0.1' } });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One HTTP call on the user's keep-alive connection: answers its status and time in ms. */
function timed(method, path, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const at = performance.now();
    const request = http.request(`${outpost.url}${path}`, { method, agent, headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - at }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The flooder child (flooder.mjs): `ready` resolves when it says so, `result` with its counts. */
function startFlooder(options) {
  const args = [flooderScript, JSON.stringify(options)];
  const [command, argv] = loadCpu ? ['taskset', ['-c', loadCpu, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let onReady;
  const ready = new Promise((resolve) => (onReady = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => (line === 'ready' ? onReady(true) : lines.push(line)));
  const result = new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      onReady(false);
      if (code !== 0) return reject(new Error(`flooder exited with ${code}`));
      resolve(JSON.parse(lines.at(-1)));
    }),
  );
  return { ready, result, running: () => child.exitCode === null && child.signalCode === null, stop: () => child.stdin.end('stop\n') };
}

const figures = (times) => ({ p50: percentile(times, 50), p99: percentile(times, 99), calls: times.length });
const ms = (n) => `${fmt(n, n < 10 ? 1 : 0)} ms`;

async function listSocketFlood() {
  await createServers(outpost, 10);
  const list = () => timed('GET', '/api/servers', { headers: outpost.headers });
  if ((await list()).status !== 200) throw new Error('GET /api/servers did not answer 200');
  // The flooding account holds nothing: any account may open the list socket.
  await outpost.call('POST', '/api/users', { username: 'flooder', email: 'flooder@outpost.test', password: 'flooder-password-1' });
  const login = await fetch(`${outpost.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'flooder@outpost.test', password: 'flooder-password-1' }) });
  if (!login.ok) throw new Error(`flooder signing in: ${login.status}`);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('outpost_session=')).split(';')[0];

  /** The user's calls, one after another, while `going()` says so (at least 20, at most 90 s). */
  async function calls(going) {
    const times = [];
    const started = performance.now();
    while ((going() || times.length < 20) && performance.now() - started < 90_000) {
      const { status, ms: took } = await list();
      if (status !== 200) throw new Error(`GET /api/servers answered ${status}`);
      times.push(took);
    }
    return times;
  }
  for (let i = 0; i < 100; i++) await list(); // warm (JIT, SQLite page cache)
  const results = await alternate(
    {
      flood: async () => {
        const flooder = startFlooder({ mode: 'live', url: `${outpost.url.replace('http', 'ws')}/api/servers/live`, cookie, ids: LIVE_WATCH_MAX, ...FLOOD, seconds: 60 });
        const times = await calls(flooder.running);
        return { ...figures(times), value: percentile(times, 99), flood: await flooder.result };
      },
      quiet: async () => {
        let left = QUIET_CALLS;
        const times = await calls(() => --left >= 0);
        return { ...figures(times), value: percentile(times, 99) };
      },
    },
    { better: (a, b) => a.value < b.value },
  );
  const { flood, quiet } = results;
  for (const [name, { runs, best }] of Object.entries(results)) {
    console.log(`list ${name.padEnd(5)} p99 by round: ${runs.map((r) => ms(r.p99)).join(', ')}; best p50 ${ms(best.p50)}, p99 ${ms(best.p99)} over ${best.calls} calls`);
  }
  const counts = flood.runs.map((r) => r.flood);
  console.log(`list flood by round: ${counts.map((c) => `${fmt(c.sent)} watch lists over ${c.connections} sockets, closed ${JSON.stringify(c.closes)}`).join('; ')}`);
  const cutOff = counts.every((c) => c.connections === FLOOD.connections && c.closes[1008] === c.connections);
  const line = `list socket p99 ${ms(flood.best.p99)} under flood / ${ms(quiet.best.p99)} quiet, p50 ${ms(flood.best.p50)} / ${ms(quiet.best.p50)} (target ${LIST_TARGET_MS} ms${cutOff ? '' : '; not every flooding socket was cut off'})`;
  console.log(`floods: ${line}`);
  return { line, met: flood.best.p99 < LIST_TARGET_MS, flood: flood.best, quiet: quiet.best };
}

async function loginFlood() {
  for (const { username, email, password } of [user, victim]) await outpost.call('POST', '/api/users', { username, email, password });
  const body = JSON.stringify({ email: user.email, password: user.password });
  const signIns = async () => {
    const tries = [];
    for (let i = 0; i < SIGN_INS; i++) tries.push(await timed('POST', '/auth/login', { headers: { 'x-forwarded-for': user.address }, body }));
    const ok = tries.filter((t) => t.status === 200);
    const refused = tries.filter((t) => t.status !== 200).map((t) => t.status);
    return { value: ok.length, signedIn: ok.length, median: ok.length ? percentile(ok.map((t) => t.ms), 50) : NaN, refused };
  };
  // Each flood guesses from its own range of addresses, so none starts with failures counted from another.
  let range = 0;
  const underFlood = async (addresses) => {
    const flooder = startFlooder({ mode: 'login', url: outpost.url, email: victim.email, concurrency: LOGIN_ATTACKERS, addresses, first: ++range << 20, readyChecked: addresses, seconds: 150 });
    // Until every address of the pool has failed once, some are as blameless as the user.
    const ready = await Promise.race([flooder.ready, new Promise((resolve) => setTimeout(() => resolve(false), 120_000))]);
    const result = await signIns();
    flooder.stop();
    return { ...result, ready, flood: await flooder.result };
  };
  const results = await alternate(
    { pool: () => underFlood(POOL), fresh: () => underFlood(0), quiet: signIns },
    { better: (a, b) => a.value > b.value || (a.value === b.value && a.median < b.median) },
  );
  for (const [name, { runs }] of Object.entries(results)) {
    console.log(`sign-in ${name.padEnd(5)} by round: ${runs.map((r) => `${r.signedIn}/${SIGN_INS}${r.signedIn ? ` in ${ms(r.median)}` : ''}${r.refused.length ? ` (refused ${r.refused.join(' ')})` : ''}${r.ready === false ? ' (flood not ready)' : ''}`).join(', ')}`);
    for (const r of runs) if (r.flood) console.log(`  flood: ${fmt(r.flood.sent)} guesses, ${fmt(r.flood.checked)} checked, answers ${JSON.stringify(r.flood.answers)}`);
  }
  const said = ({ best }) => `${best.signedIn}/${SIGN_INS}${best.signedIn ? ` in ${ms(best.median)}` : ''}`;
  const line = `sign-in ${said(results.pool)} under a flood from ${POOL} addresses that have failed, ${said(results.fresh)} from a new address per guess / ${said(results.quiet)} quiet (median of those signed in)`;
  const met = results.pool.runs.every((r) => r.signedIn === SIGN_INS) && results.fresh.runs.every((r) => r.signedIn === SIGN_INS);
  return { line, met, rounds: Object.fromEntries(Object.entries(results).map(([n, r]) => [n, r.runs.map(({ flood: _flood, ...rest }) => rest)])) };
}

try {
  console.log(`${ROUNDS} rounds each, flood and quiet taking turns`);
  const only = process.argv[2];
  const list = only === 'login' ? undefined : await listSocketFlood();
  const login = only === 'list' ? undefined : await loginFlood();
  // The last line is what `npm run bench` keeps; it is met when both targets are.
  if (list && login) await report('floods', login.line, { met: list.met && login.met, list, login });
} finally {
  agent.destroy();
  await outpost.stop();
}
