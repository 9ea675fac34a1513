import type { CommandStep } from '@outpost/shared';
import { buildCommand, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { commandLine, describedLine, shownWord } from '../commandLine.js';

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
 * first non-zero exit code fails the step. Each line is built by buildCommand, so variable
 * values reach the program as data (inside `sh -c` scripts as environment variables, which is
 * also why a failure shows those as $OUTPOST_VAR_... rather than their values).
 */
export async function command(step: CommandStep, ctx: OperationContext): Promise<void> {
  // A step that says what it does gets that one line; otherwise each command gets its own.
  const description = step.description && describedLine(substitute(step.description, ctx.variables));
  if (description) ctx.log(description);
  for (const line of step.commands) {
    ctx.signal.throwIfAborted();
    const { argv, env } = buildCommand(line, ctx.variables);
    if (argv.length === 0) throw new StepFailure('a command is empty');
    const shown = argv.map(shownWord).join(' ');
    if (!description) ctx.log(commandLine(argv));
    const code = await untilAborted(ctx.exec(argv, { cwd: ctx.root, env: { ...ctx.env, ...env } }), ctx.signal);
    if (code !== 0) throw new StepFailure(`command "${shown}" exited with code ${code}`);
  }
}
