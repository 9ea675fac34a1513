/**
 * The console line that echoes a command sent to a server: `[INPUT] say hi`, or `[INPUT alice] say hi`
 * naming who sent it. It travels as plain console text, so the spec's console message keeps its shape
 * and a raw socket reads it as it is; the web app finds the marker at a line's start (as it does
 * `[DAEMON]`) and shows the line as input.
 */
export const COMMAND_ECHO = /^\[INPUT(?: ([^\]\n]+))?\] (.*)$/;

// No control characters (an escape sequence would restyle every viewer's terminal) and no line
// breaks; a name also loses `]`, which would end the marker early.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const unprintable = /[\u0000-\u001f\u007f-\u009f]+/g;

/** The echo of `command` (one line per line it holds), by the named sender when there is one. */
export function commandEcho(command: string, by?: string): string {
  const name = by?.replace(unprintable, ' ').replace(/\]/g, '').trim().slice(0, 64);
  const marker = name ? `[INPUT ${name}]` : '[INPUT]';
  return command
    .split(/\r?\n|\r/)
    .filter((line) => line.trim() !== '')
    .map((line) => `${marker} ${line.replace(unprintable, ' ')}\n`)
    .join('');
}
