// Console subscribers for the console benchmark: WebSocket clients counting lines.
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();

/**
 * The console text of one panel or daemon socket message ('' for anything else), left in its JSON
 * form: a line's end is a backslash and an n there, so counting lines costs the reader what it
 * costs on the baseline's plain text, and the reader (one process for every subscriber) does not
 * become what is measured.
 */
export function consoleText(raw) {
  return raw.startsWith('{"type":"console"') ? raw : '';
}

/** Line ends in a message: newlines in plain text, or their escapes in console JSON. */
function countLines(text) {
  const mark = text.startsWith('{"type":"console"') ? '\\n' : '\n';
  let n = 0;
  for (let i = text.indexOf(mark); i !== -1; i = text.indexOf(mark, i + mark.length)) n++;
  return n;
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
