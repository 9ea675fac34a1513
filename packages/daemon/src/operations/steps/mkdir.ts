import type { MkdirStep } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { shownPath, stepPath } from '../stepPath.js';

/** Creates a folder and any missing parents; an existing folder is fine. */
export async function mkdirStep(step: MkdirStep, ctx: OperationContext): Promise<void> {
  const target = await stepPath(ctx, step.target);
  ctx.log(`Creating folder ${shownPath(target)}`);
  await ctx.files.mkdir(target);
}
