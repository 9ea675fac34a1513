import { posix } from 'node:path';
import type { MoveStep, OutpostError } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { shownPath, stepPath } from '../stepPath.js';

/**
 * Moves (renames) a file or folder. As with mv, a target that is an existing folder receives
 * the source inside it, and an existing file is replaced; missing parent folders of the target are created.
 */
export async function move(step: MoveStep, ctx: OperationContext): Promise<void> {
  const source = await stepPath(ctx, step.source);
  let target = await stepPath(ctx, step.target);
  if (source === '') throw new StepFailure('cannot move the server folder itself');
  if (!(await ctx.files.info(source, false).catch(unlessMissing))) throw new StepFailure(`${shownPath(source)} does not exist`);
  const existing = await ctx.files.stat(target).catch(unlessMissing);
  if (existing && !existing.isFile) {
    target = await stepPath(ctx, posix.join(target, posix.basename(source)));
  }
  ctx.log(`Moving ${shownPath(source)} to ${shownPath(target)}`);
  await ctx.files.rename(source, target, true);
}

/** A missing path is an answer here; anything else (a path that leads out) fails the step. */
function unlessMissing(error: unknown): undefined {
  if ((error as OutpostError).code === 'ErrNotFound') return undefined;
  throw error;
}
