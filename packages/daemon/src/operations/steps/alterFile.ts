import { text as readText } from 'node:stream/consumers';
import type { AlterFileStep } from '@outpost/shared';
import { OutpostError, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { shownPath, stepPath } from '../stepPath.js';

/** Files altered are configuration files; the editor's limit (20 MiB) keeps a bad target from filling memory. */
export const MAX_ALTER_FILE_BYTES = 20_971_520;

/**
 * Search and replace in a file. With regex (the default) the search is a JavaScript regular
 * expression applied to every match, multi-line (^ and $ match at each line), and the
 * replacement may use $1, $2 ... groups; without it both are plain text. Variables are
 * substituted in the path, the search and the replacement, as plain text in each.
 */
export async function alterFile(step: AlterFileStep, ctx: OperationContext): Promise<void> {
  const target = await stepPath(ctx, step.file);
  const shown = shownPath(target);
  const info = await ctx.files.stat(target).catch((error: unknown) => {
    if ((error as OutpostError).code === 'ErrNotFound') return undefined;
    throw error;
  });
  if (!info?.isFile) throw new StepFailure(`${shown} is not a file`);
  if (info.size > MAX_ALTER_FILE_BYTES) throw new StepFailure(`${shown} is too large to alter (${info.size} bytes)`);

  // Values are data: in a regular expression they match themselves, in its replacement a $ is a $.
  const regex = step.regex ?? true;
  const search = substitute(step.search, ctx.variables, regex ? (value) => value.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&') : undefined);
  const replace = substitute(step.replace ?? '', ctx.variables, regex ? (value) => value.replace(/\$/g, '$$$$') : undefined);
  const { stream } = await ctx.files.readStream(target);
  const text = await readText(stream);
  let altered: string;
  if (regex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(search, 'gm');
    } catch (error) {
      throw new StepFailure(`invalid regular expression ${JSON.stringify(search)}: ${(error as Error).message}`);
    }
    altered = text.replace(pattern, replace);
  } else {
    altered = text.split(search).join(replace);
  }
  ctx.log(`Altering ${shown}`);
  if (altered !== text) await ctx.files.write(target, altered);
}
