import { mkdir, rename, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { MoveStep } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { shownPath, stepPath } from '../stepPath.js';

/**
 * Moves (renames) a file or folder. As with mv, a target that is an existing folder receives
 * the source inside it; missing parent folders of the target are created.
 */
export async function move(step: MoveStep, ctx: OperationContext): Promise<void> {
  const source = await stepPath(ctx, step.source);
  let target = await stepPath(ctx, step.target);
  if (source === ctx.root) throw new StepFailure('cannot move the server folder itself');
  if (!(await stat(source).catch(() => undefined))) throw new StepFailure(`${shownPath(ctx, source)} does not exist`);
  if ((await stat(target).catch(() => undefined))?.isDirectory()) {
    target = await stepPath(ctx, join(shownPath(ctx, target), basename(source)));
  }
  ctx.log(`Moving ${shownPath(ctx, source)} to ${shownPath(ctx, target)}`);
  await mkdir(dirname(target), { recursive: true });
  await rename(source, target);
}
