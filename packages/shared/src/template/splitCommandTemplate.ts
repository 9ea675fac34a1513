/** A piece of one word of a command template: literal text, or a ${name} reference. */
export type CommandPart =
  | { text: string }
  | {
      /** The variable's name. */
      ref: string;
      /** The reference as written, for names that turn out not to be variables (e.g. ${HOME}). */
      raw: string;
      /** Written inside quotes (single or double), or given as part of an argv list. */
      quoted: boolean;
    };

/** One word (one argument) of a command template, as pieces. */
export type CommandWord = CommandPart[];

const reference = /\$\{([^${}\s]+)\}/y;

/** The ${name} reference starting at index i of text, if one does. */
function referenceAt(text: string, i: number): RegExpExecArray | null {
  if (text[i] !== '$') return null;
  reference.lastIndex = i;
  return reference.exec(text);
}

function append(word: CommandWord, text: string): void {
  const last = word[word.length - 1];
  if (last && 'text' in last) last.text += text;
  else word.push({ text });
}

/**
 * Splits a command template into words the way a POSIX shell splits words (whitespace
 * separates, single quotes keep everything literal, double quotes keep spaces and honour \" and
 * \\, a backslash outside quotes escapes the next character), BEFORE any value is put in: a
 * ${name} reference, in any quoting, stays a piece of the word it sits in. So a value can never
 * add words, end quotes or escape anything; it is data inside the word the template wrote.
 * No globbing, pipes or expansion: programs are spawned directly. A list is already argv.
 */
export function splitCommandTemplate(command: string | string[]): CommandWord[] {
  if (Array.isArray(command)) return command.filter((part) => part !== '').map((part) => piecesOf(part));
  const words: CommandWord[] = [];
  let word: CommandWord = [];
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    const ref = referenceAt(command, i);
    if (ref) {
      word.push({ ref: ref[1], raw: ref[0], quoted: quote !== null });
      inWord = true;
      i += ref[0].length - 1;
    } else if (quote === "'") {
      if (ch === "'") quote = null;
      else append(word, ch);
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (command[i + 1] === '"' || command[i + 1] === '\\')) append(word, command[++i]);
      else append(word, ch);
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      append(word, ''); // a word with quotes is never a bare reference, even `""${x}`
    } else if (ch === '\\' && i + 1 < command.length) {
      append(word, command[++i]);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = [];
      inWord = false;
    } else {
      append(word, ch);
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The pieces of one given word (an element of an argv list): references count as quoted. */
function piecesOf(text: string): CommandWord {
  const word: CommandWord = [];
  for (let i = 0; i < text.length; i++) {
    const ref = referenceAt(text, i);
    if (ref) {
      word.push({ ref: ref[1], raw: ref[0], quoted: true });
      i += ref[0].length - 1;
    } else {
      append(word, text[i]);
    }
  }
  return word;
}
