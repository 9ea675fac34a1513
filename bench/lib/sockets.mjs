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

/** What every line of flood.mjs's flood carries: a subscriber notes when the first of them came. */
const FLOOD_MARK = 'Preparing spawn area: line ';

/** Line ends in a message: newlines in plain text, or their escapes in console JSON. */
function countLines(text) {
  const mark = text.startsWith('{"type":"console"') ? '\\n' : '\n';
  let n = 0;
  for (let i = text.indexOf(mark); i !== -1; i = text.indexOf(mark, i + mark.length)) n++;
  return n;
}

/**
 * Opens `n` sockets to `url`, each counting lines (`textOf` picks the text out of a message);
 * answers them once all are open. Set `target` on a subscriber and await `finished`. With
 * `replay`, each socket first asks for the console since now, as the web console does on open
 * (a session holds live text until then, at most 300 ms), and counts as open once answered.
 */
export async function subscribers(url, n, textOf, headers = {}, { replay = false } = {}) {
  return Promise.all(
    Array.from({ length: n }, () => new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, headers });
      const sub = { ws, lines: 0, messages: 0, bytes: 0, firstAt: undefined, firstLines: 0, latencies: [], done: null, target: Infinity };
      sub.finished = new Promise((r, fail) => {
        sub.done = r;
        // A socket closed before its last line (a slow reader cut off) fails the run instead of hanging it.
        ws.once('close', (code, reason) => fail(new Error(`socket ${url} closed (${code} ${reason}) after ${sub.lines} of ${sub.target} lines`)));
      });
      sub.finished.catch(() => {});
      let replayed = !replay;
      ws.on('message', (raw) => {
        const text = textOf(raw.toString());
        if (!replayed) {
          // The replay's answer (no lines: it asked from now) is the socket's first console message.
          if (!text) return;
          replayed = true;
          return resolve(sub);
        }
        if (!text) return;
        const lines = countLines(text);
        if (sub.firstAt === undefined && text.includes(FLOOD_MARK)) [sub.firstAt, sub.firstLines] = [performance.now(), lines];
        sub.messages++;
        sub.bytes += raw.length;
        sub.lines += lines;
        if (sub.wantLatency) {
          const at = now();
          for (const m of text.matchAll(/t=(\d+\.\d+)/g)) sub.latencies.push(at - Number(m[1]));
        }
        if (sub.lines >= sub.target) sub.done(performance.now());
      });
      ws.once('open', () => (replay ? ws.send(JSON.stringify({ type: 'replay', data: { since: Date.now() } })) : resolve(sub)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket ${url}: ${res.statusCode}`)));
    })),
  );
}
