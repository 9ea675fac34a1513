// An attacker's client for the floods benchmark, in its own process so its work is not the
// measuring process's. `flooder.mjs <json options>`:
// - mode 'live': `parallel` sockets at once on /api/servers/live, each sending full watch lists of
//   ids no list has asked for (up to `perConnection`) as fast as it can, and opening the next once
//   the panel has closed it, until `connections` were opened (or `seconds` have gone by); a socket
//   the panel leaves open is ended after 10 s, counted as 1006;
// - mode 'login': `concurrency` clients at once sending wrong passwords to /auth/login, each from
//   the next of `addresses` addresses (X-Forwarded-For; 0: a new address per guess), at `email`
//   or at made-up accounts, until stdin says `stop` (or `seconds` have gone by). Prints `ready`
//   once the password queue has turned one away as busy and `readyChecked` guesses were checked.
// Prints its counts as one JSON line at the end.
import http from 'node:http';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const options = JSON.parse(process.argv[2]);
const deadline = performance.now() + (options.seconds ?? 60) * 1000;
const timeLeft = () => performance.now() < deadline;
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function floodLive({ url, cookie, ids, connections, parallel, perConnection }) {
  let sent = 0;
  let opened = 0;
  let nextId = 0x10000000;
  const closes = {};
  const watchList = () => JSON.stringify({ type: 'watch', ids: Array.from({ length: ids }, () => (nextId++).toString(16)) });
  const loop = async () => {
    while (opened < connections && timeLeft()) {
      opened++;
      const ws = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
      ws.on('error', () => {});
      const closed = new Promise((resolve) => ws.once('close', resolve));
      await new Promise((resolve) => ws.once('open', resolve).once('close', resolve));
      for (let mine = 0; ws.readyState === ws.OPEN && mine < perConnection; ) {
        for (let i = 0; i < 100 && ws.readyState === ws.OPEN && mine < perConnection; i++, mine++, sent++) ws.send(watchList());
        await tick();
      }
      // The client writes faster than the panel reads: its verdict on what it has read arrives later.
      const timer = setTimeout(() => ws.terminate(), 10_000);
      const code = await closed;
      clearTimeout(timer);
      closes[code] = (closes[code] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  return { sent, connections: opened, closes };
}

async function floodLogin({ url, email, concurrency, addresses, first, readyChecked }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const answers = {};
  let next = 0;
  let checked = 0;
  let full = false;
  let ready = false;
  let stopped = false;
  createInterface({ input: process.stdin }).on('line', (line) => line.trim() === 'stop' && (stopped = true));
  // Address n of the flood, counted from `first` (the caller gives each flood its own range).
  const address = (n) => {
    const i = first + (addresses ? n % addresses : n);
    return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  };
  const guess = (n) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ email: n % 2 ? email : `flood${n}@example.com`, password: 'wrong password' });
      const request = http.request(`${url}/auth/login`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address(n) } }, (response) => {
        let text = '';
        response.on('data', (c) => (text += c));
        response.on('end', () => {
          let reason = '';
          try {
            const { error } = JSON.parse(text);
            reason = error?.reason ?? error?.code ?? '';
          } catch {
            // counted by status alone
          }
          resolve(`${response.statusCode} ${reason}`.trim());
        });
      });
      request.on('error', (error) => resolve(error.code ?? 'error'));
      request.end(body);
    });
  const client = async () => {
    while (!stopped && timeLeft()) {
      const answer = await guess(next++);
      answers[answer] = (answers[answer] ?? 0) + 1;
      if (answer.startsWith('400')) checked++;
      if (answer.startsWith('429')) full = true;
      if (!ready && full && checked >= readyChecked) {
        ready = true;
        process.stdout.write('ready\n');
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return { sent: next, checked, answers };
}

const result = options.mode === 'live' ? await floodLive(options) : await floodLogin(options);
process.stdout.write(JSON.stringify(result) + '\n');
process.exit(0);
