import type { CommandStep } from '@outpost/shared';
import { buildCommand } from '@outpost/shared';
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

/** A word as a shell user would type it, for log lines: quoted only when it needs to be. */
function shownWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs each command through the caller's exec, in the server folder, one after the other; the
 * first non-zero exit code fails the step. Each line is built by buildCommand, so variable
 * values reach the program as data (inside `sh -c` scripts as environment variables, which is
 * also why the log line shows those as $OUTPOST_VAR_... rather than their values).
 */
export async function command(step: CommandStep, ctx: OperationContext): Promise<void> {
  for (const line of step.commands) {
    ctx.signal.throwIfAborted();
    const { argv, env } = buildCommand(line, ctx.variables);
    if (argv.length === 0) throw new StepFailure('a command is empty');
    const shown = argv.map(shownWord).join(' ');
    ctx.log(`Running: ${shown}`);
    const code = await untilAborted(ctx.exec(argv, { cwd: ctx.root, env: { ...ctx.env, ...env } }), ctx.signal);
    if (code !== 0) throw new StepFailure(`command "${shown}" exited with code ${code}`);
  }
}
