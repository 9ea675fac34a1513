import { parseArgs } from 'node:util';

export type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** `--name value` and `--flag` options of one command; unknown options are an error. */
export function readOptions(argv: string[], options: OptionSpec): Record<string, string | boolean | undefined> {
  return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values as Record<string, string | boolean | undefined>;
}
