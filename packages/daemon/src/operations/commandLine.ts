/**
 * The install log's line for one program a step runs, for every step that runs one (command,
 * forgedl, steamgamedl): what it does in words for the file tools templates use, the command as
 * typed for anything else. A shell script says what it does itself (or its step's description
 * does), so its text, often hundreds of characters of `if`s, is shown only when it is short.
 */
export function commandLine(argv: readonly string[]): string {
  const [program, ...args] = argv;
  const name = program?.split('/').pop() ?? '';
  const operands = args.filter((arg) => !arg.startsWith('-'));
  const shown = argv.map(shownWord).join(' ');
  const listed = (words: readonly string[]) => words.map(shownWord).join(', ');
  if ((name === 'sh' || name === 'bash') && args[0] === '-c') {
    return shown.length <= SHORT_SCRIPT ? `Running: ${shown}` : 'Running a shell script';
  }
  if (name === 'unzip' && operands.length > 0) return `Unpacking ${shownWord(operands[0])}`;
  if (name === 'tar' && /^-?[a-zA-Z]*x/.test(args[0] ?? '')) {
    const archive = args.find((arg, i) => i > 0 && /^-?[a-zA-Z]*f$/.test(args[i - 1]) ) ?? operands.at(-1);
    if (archive !== undefined) return `Unpacking ${shownWord(archive)}`;
  }
  if (name === 'rm' && operands.length > 0) return `Removing ${listed(operands)}`;
  if (name === 'chmod' && args[0] === '+x' && args.length > 1) return `Making ${listed(args.slice(1))} executable`;
  if ((name === 'cp' || name === 'mv') && operands.length === 2) {
    return `${name === 'cp' ? 'Copying' : 'Moving'} ${shownWord(operands[0])} to ${shownWord(operands[1])}`;
  }
  return `Running: ${shown}`;
}

// Past this a script is logic, not a sentence: the line says a script runs, its output says the rest.
const SHORT_SCRIPT = 100;

/** A word as a shell user would type it: quoted only when it needs to be. */
export function shownWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A step's own description as one console line: variables filled in, no line breaks or control characters. */
export function describedLine(description: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return description.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
