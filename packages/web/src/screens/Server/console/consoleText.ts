/** Spec section 9: the console keeps at most 4194304 characters, cut back to the newest 2097152. */
export const CONSOLE_LIMIT = 4_194_304;
export const CONSOLE_TRIM_TO = 2_097_152;
/** Spec section 9: the terminal is redrawn at most this often. */
export const REDRAW_MS = 500;
/** Spec section 7: replay is polled this often while the socket is down. */
export const REPLAY_POLL_MS = 5000;

// Black on amber, then back to normal: the DAEMON marker the spec asks for on daemon lines.
const DAEMON_MARK = '\x1b[30;43m DAEMON \x1b[0m ';

/**
 * Marks lines that start with "[DAEMON]" (spec section 2.3). `atLineStart` says whether the
 * previous chunk ended a line, since chunks need not break at line ends.
 */
export function markDaemonLines(text: string, atLineStart: boolean): string {
  return text.replace(/(^|\n)\[DAEMON\] ?/g, (match, before: string, offset: number) =>
    offset === 0 && before === '' && !atLineStart ? match : `${before}${DAEMON_MARK}`,
  );
}

/** Number of line breaks in a chunk: what the paused badge counts. */
export function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
