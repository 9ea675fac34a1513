/** Spec section 9: the console keeps at most 4194304 characters, cut back to the newest 2097152. */
export const CONSOLE_LIMIT = 4_194_304;
export const CONSOLE_TRIM_TO = 2_097_152;
/** Spec section 9: the terminal is redrawn at most this often. */
export const REDRAW_MS = 500;
/** Spec section 7: replay is polled this often while the socket is down. */
export const REPLAY_POLL_MS = 5000;

// Black on amber, then back to normal: the DAEMON marker the spec asks for on daemon lines.
const DAEMON_MARK = '\x1b[30;43m DAEMON \x1b[0m ';
// Bold cyan for what someone typed, dim for who typed it.
const INPUT_START = '\x1b[1;36m> ';
const INPUT_BY = '\x1b[0;2m \u00b7 ';
const RESET = '\x1b[0m';

// A line that starts with "[DAEMON]", or with the echo of a sent command (shared commandEcho:
// "[INPUT] cmd" or "[INPUT name] cmd"), at the start of the text or after a line break.
const MARKED_LINE = /(^|\n)(?:\[DAEMON\] ?|\[INPUT(?: ([^\]\n]+))?\] ([^\n]*))/g;

/**
 * Marks lines that start with "[DAEMON]" (spec section 2.3) and shows echoed commands as input,
 * "> cmd", naming the sender unless it is `self` (the viewer). `atLineStart` says whether the
 * previous chunk ended a line, since chunks need not break at line ends.
 */
export function markLines(text: string, atLineStart: boolean, self?: string): string {
  return text.replace(MARKED_LINE, (match, before: string, by: string | undefined, command: string | undefined, offset: number) => {
    if (offset === 0 && before === '' && !atLineStart) return match;
    if (command === undefined) return `${before}${DAEMON_MARK}`;
    const sender = by && by !== self ? `${INPUT_BY}${by}` : '';
    return `${before}${INPUT_START}${command}${sender}${RESET}`;
  });
}

/** Number of line breaks in a chunk: what the paused badge counts. */
export function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
