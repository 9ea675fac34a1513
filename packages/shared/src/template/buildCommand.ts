import { invalidVariable } from './coerceVariableValue.js';
import { shellScriptWithReferences, valueEnvName } from './shellScriptWithReferences.js';
import { splitCommandTemplate } from './splitCommandTemplate.js';
import type { CommandWord } from './splitCommandTemplate.js';
import type { Variable } from '../contract/definition.js';

/** A command line of a template made ready to spawn. */
export interface BuiltCommand {
  /** The program and its arguments. */
  argv: string[];
  /** Environment variables the command needs besides the server's: the values its shell scripts refer to. */
  env: Record<string, string>;
}

/** Programs whose `-c` argument is a shell script. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'ash', 'zsh', 'ksh', 'mksh']);

/** What a value becomes as text: numbers and booleans plainly, objects as JSON, nothing as ''. */
function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The word's text when the template wrote it whole, without references. */
function literal(word: CommandWord): string | undefined {
  return word.every((part) => 'text' in part) ? word.map((part) => ('text' in part ? part.text : '')).join('') : undefined;
}

/** True when words[index] is the script of a shell: `sh -c <script>`, `bash -ec <script>`, `/bin/sh -x -c <script>`. */
function isShellScript(words: CommandWord[], index: number): boolean {
  const flag = index >= 2 ? literal(words[index - 1]) : undefined;
  if (flag === undefined || !/^-[a-zA-Z]*c[a-zA-Z]*$/.test(flag)) return false;
  for (let j = index - 2; j >= 0; j--) {
    const text = literal(words[j]);
    if (text === undefined) return false;
    if (SHELLS.has(text.split('/').pop() ?? '')) return true;
    if (!text.startsWith('-')) return false;
  }
  return false;
}

/**
 * Turns a command template (the run command, or one line of a command step) into argv, so that
 * variable values are data whatever they hold:
 * - The template is split into words first, and values are put inside the words afterwards
 *   (splitCommandTemplate): quotes, spaces and backslashes in a value stay in its argument.
 * - An unquoted reference that is a whole word by itself, such as ${jvmArgs} in
 *   `java ${jvmArgs} -jar app.jar`, is a list: its value is split at whitespace into as many
 *   arguments (none when empty), and nothing else in it is interpreted. Templates use this for
 *   variables meant to carry flags, so only admins should be able to edit such a string.
 * - Anywhere else, a value that would begin an argument must not begin with "-", so it can
 *   never be read as an option (`node "${main}"` with main `--eval=...`): ErrInvalidVariable.
 * - In the script of `sh -c '<script>'` (and bash, dash, ...), each reference becomes a shell
 *   parameter whose value travels in the environment (shellScriptWithReferences), so the shell
 *   never parses a value as code; the same "-" rule holds where a reference begins a shell word.
 * Names that are not variables (e.g. ${HOME}) are left as written. `labels` names variables in errors.
 */
export function buildCommand(command: string | string[], variables: Record<string, unknown>, labels: Record<string, Variable> = {}): BuiltCommand {
  const known = (name: string) => Object.prototype.hasOwnProperty.call(variables, name);
  const noOption = (name: string, text: string) => {
    if (text.startsWith('-')) throw invalidVariable(name, labels[name], 'a value that does not start with "-"');
  };
  const words = splitCommandTemplate(command);
  const argv: string[] = [];
  const env: Record<string, string> = {};

  words.forEach((word, index) => {
    if (isShellScript(words, index)) {
      argv.push(
        shellScriptWithReferences(word, known, ({ name, startsWord }) => {
          const text = valueText(variables[name]);
          if (startsWord) noOption(name, text);
          env[valueEnvName(name)] = text;
        }),
      );
      return;
    }
    const only = word.length === 1 ? word[0] : undefined;
    if (only && 'ref' in only && !only.quoted && known(only.ref)) {
      argv.push(...valueText(variables[only.ref]).split(/\s+/).filter((item) => item !== ''));
      return;
    }
    let text = '';
    for (const part of word) {
      if ('text' in part) text += part.text;
      else if (!known(part.ref)) text += part.raw;
      else {
        const value = valueText(variables[part.ref]);
        if (text === '') noOption(part.ref, value);
        text += value;
      }
    }
    argv.push(text);
  });
  return { argv, env };
}
