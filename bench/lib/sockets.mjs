// Console subscribers for the console and scale benchmarks: WebSocket clients counting lines.
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();

export function countLines(text) {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The console text of one panel or daemon socket message ('' for anything else). */
export function consoleText(raw) {
  const message = JSON.parse(raw);
  return message.type === 'console' ? message.data.logs.join('') : '';
}

/**
 * Opens `n` sockets to `url`, each counting lines (`textOf` picks the text out of a message);
 * answers them once all are open. Set `target` on a subscriber and await `finished`.
 */
export async function subscribers(url, n, textOf, headers = {}) {
  return Promise.all(
    Array.from({ length: n }, () => new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, headers });
      const sub = { ws, lines: 0, latencies: [], done: null, target: Infinity };
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
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket ${url}: ${res.statusCode}`)));
    })),
  );
}
