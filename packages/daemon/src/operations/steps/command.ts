import type { CommandStep } from '@outpost/shared';
import { substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';

/** Stops waiting as soon as the run is cancelled; stopping the process itself is exec's job. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

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
    const code = await untilAborted(ctx.exec(text, { cwd: ctx.root, env: {} }), ctx.signal);
    if (code !== 0) throw new StepFailure(`command "${text}" exited with code ${code}`);
  }
}
