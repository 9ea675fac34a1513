import type { CommandWord } from './splitCommandTemplate.js';

/**
 * The environment variable that carries a variable's value into a shell script: OUTPOST_VAR_
 * and its name when the shell accepts that name, else OUTPOST_VARX_ and its UTF-8 in hex (a
 * prefix of its own, so the two kinds never meet).
 */
export function valueEnvName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `OUTPOST_VAR_${name}`;
  const hex = Array.from(new TextEncoder().encode(name), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `OUTPOST_VARX_${hex}`;
}

/** Characters that end a shell word outside quotes. */
const WORD_END = /[\s;&|()<>]/;

export interface ShellReference {
  name: string;
  /** The reference begins a shell word, so its value could be read as an option. */
  startsWord: boolean;
}

/**
 * Rewrites a shell script (the word after `sh -c`) so that every ${name} of a known variable
 * becomes a reference to the environment variable valueEnvName(name): `"$X"` outside quotes,
 * `$X` inside double quotes, `'"$X"'` inside single quotes. The shell then expands the value as
 * a parameter, which is never parsed again: quotes, $(...), backticks and ; in it stay text.
 * The quoting is tracked by a small lexer; should it misjudge some unusual script, the worst a
 * reference becomes is an unquoted parameter (split into words), never code. onReference hears
 * of each known reference, with whether it begins a shell word.
 */
export function shellScriptWithReferences(word: CommandWord, known: (name: string) => boolean, onReference: (ref: ShellReference) => void): string {
  let script = '';
  let state = 'plain' as 'plain' | 'single' | 'double';
  let wordHasContent = false;
  let escaped = false;

  const read = (text: string) => {
    for (const ch of text) {
      script += ch;
      if (escaped) {
        escaped = false;
        wordHasContent = true;
      } else if (state === 'single') {
        if (ch === "'") state = 'plain';
        else wordHasContent = true;
      } else if (state === 'double') {
        if (ch === '"') state = 'plain';
        else if (ch === '\\') escaped = true;
        else wordHasContent = true;
      } else if (ch === "'") {
        state = 'single';
      } else if (ch === '"') {
        state = 'double';
      } else if (ch === '\\') {
        escaped = true;
      } else if (WORD_END.test(ch)) {
        wordHasContent = false;
      } else {
        wordHasContent = true;
      }
    }
  };

  for (const part of word) {
    if ('text' in part) {
      read(part.text);
    } else if (!known(part.ref)) {
      read(part.raw);
    } else {
      onReference({ name: part.ref, startsWord: !wordHasContent });
      const env = valueEnvName(part.ref);
      script += state === 'double' ? `\${${env}}` : state === 'single' ? `'"\${${env}}"'` : `"\${${env}}"`;
      wordHasContent = true;
      escaped = false;
    }
  }
  return script;
}
