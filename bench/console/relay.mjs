// The console benchmark's baseline: a bare `ws` relay, run as its own process where the panel runs
// (pinned to the servers' core, with the flood program as its child on that core), so it pays what
// the panel pays: the program's CPU beside it and the kernel's work of sending each frame.
// `POST /run` with the flood's arguments (a JSON array) starts the program; every socket open at
// that moment gets each pipe read of its output as one message. Prints `relay listening on <port>`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

const flood = fileURLToPath(new URL('./flood.mjs', import.meta.url));
const http = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const child = spawn(process.execPath, [flood, ...JSON.parse(body)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      for (const client of wss.clients) client.send(text);
    });
    response.end();
  });
});
const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
http.listen(0, '127.0.0.1', () => console.log(`relay listening on ${http.address().port}`));
// Exits on the bench's SIGTERM, so that a --cpu-prof run (BENCH_PROFILE) writes its profile.
process.once('SIGTERM', () => process.exit(0));
