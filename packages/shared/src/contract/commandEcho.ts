// No control characters (an escape sequence would restyle every viewer's terminal) and no line
// breaks; a name also loses `]`, which would end the marker early.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const unprintable = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * The console text that echoes a command sent to a server, one line per line it holds:
 * `[INPUT] say hi`, or `[INPUT alice] say hi` naming who sent it. It travels as plain console
 * text, so the spec's console message keeps its shape and a raw socket reads it as it is; the web
 * app finds the marker at a line's start (as it does `[DAEMON]`, consoleText.ts) and shows the
 * line as input.
 */
export function commandEcho(command: string, by?: string): string {
  const name = by?.replace(unprintable, ' ').replace(/\]/g, '').trim().slice(0, 64);
  const marker = name ? `[INPUT ${name}]` : '[INPUT]';
  return command
    .split(/\r?\n|\r/)
    .filter((line) => line.trim() !== '')
    .map((line) => `${marker} ${line.replace(unprintable, ' ')}\n`)
    .join('');
}
