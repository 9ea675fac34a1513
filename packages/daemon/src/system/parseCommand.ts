/**
 * Splits a run command the way a POSIX shell splits words: whitespace separates, single quotes
 * keep everything literal, double quotes keep spaces but honour \" and \\, and a backslash
 * outside quotes escapes the next character. No globbing, pipes or expansion: the program is
 * spawned directly, so a template cannot smuggle shell syntax in.
 */
export function parseCommand(command: string | string[]): string[] {
  if (Array.isArray(command)) return command.filter((part) => part !== '');
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (command[i + 1] === '"' || command[i + 1] === '\\')) word += command[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
