import type { WriteFileStep } from '@outpost/shared';
import { substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { shownPath, stepPath } from '../stepPath.js';

/** Writes the text (variables substituted) to the target, creating missing folders; replaces an existing file. */
export async function writeFileStep(step: WriteFileStep, ctx: OperationContext): Promise<void> {
  const target = await stepPath(ctx, step.target);
  ctx.log(`Writing ${shownPath(target)}`);
  await ctx.files.write(target, substitute(step.text ?? '', ctx.variables));
}
