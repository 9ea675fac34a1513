import type { CommandStep } from '@outpost/shared';
import { substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';

/**
 * Runs each command through the caller's exec, in the server folder, one after the other; the
 * first non-zero exit code fails the step. The env passed is empty: exec supplies the server's
 * own environment (its variables and the environment's defaults).
 */
export async function command(step: CommandStep, ctx: OperationContext): Promise<void> {
  for (const line of step.commands) {
    ctx.signal.throwIfAborted();
    const text = substitute(line, ctx.variables);
    ctx.log(`Running: ${text}`);
    const code = await ctx.exec(text, { cwd: ctx.root, env: {} });
    if (code !== 0) throw new StepFailure(`command "${text}" exited with code ${code}`);
  }
}
