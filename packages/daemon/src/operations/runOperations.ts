import { realpath } from 'node:fs/promises';
import { normalizeStep, OutpostError } from '@outpost/shared';
import type { Step } from '@outpost/shared';
import type { OperationContext } from './OperationContext.js';
import { StepFailure } from './StepFailure.js';
import { alterFile } from './steps/alterFile.js';
import { command } from './steps/command.js';
import { download } from './steps/download.js';
import { mkdirStep } from './steps/mkdir.js';
import { move } from './steps/move.js';
import { writeFileStep } from './steps/writeFile.js';
import { mojangDl } from './steps/mojangDl.js';
import { fabricDl } from './steps/fabricDl.js';

type Runner = (step: never, ctx: OperationContext) => Promise<void>;

const runners: Partial<Record<Step['type'], Runner>> = {
  download,
  command,
  alterfile: alterFile,
  writefile: writeFileStep,
  move,
  mkdir: mkdirStep,
  mojangdl: mojangDl,
  fabricdl: fabricDl,
};

function reasonOf(error: unknown, ctx: OperationContext): string {
  if (ctx.signal.aborted) return 'cancelled';
  const message = error instanceof Error ? error.message : String(error);
  // Node's fs messages hold absolute paths; users know paths from the server folder ("/" is its top).
  return message.split(ctx.root).join('');
}

/**
 * Runs steps (install, pre/post hooks, task operations) in order. Each logs what it does; the
 * first failure stops the run with ErrOperationFailed "step <n> (<type>) failed: <reason>"
 * (n counts from 1; metadata holds step, type and, when there is one, the code of the cause,
 * e.g. ErrPathOutsideServer). Aborting ctx.signal stops the current step and fails it as
 * cancelled. Steps this node cannot run yet (forgedl, spongeforgedl, javadl, steamgamedl) fail
 * with a message saying so.
 */
export async function runOperations(steps: readonly Step[], ctx: OperationContext): Promise<void> {
  // Work against the real folder, so resolved paths and the root compare alike (e.g. /tmp links).
  const jailed: OperationContext = { ...ctx, root: await realpath(ctx.root), files: ctx.files, log: (line) => ctx.log(line), exec: (c, o) => ctx.exec(c, o) };
  for (const [index, raw] of steps.entries()) {
    const step = normalizeStep(raw);
    const number = index + 1;
    const type = String((step as { type?: unknown }).type);
    try {
      jailed.signal.throwIfAborted();
      const runner = runners[step.type];
      if (!runner) throw new StepFailure(`the ${type} step is not supported by this node yet`);
      await runner(step as never, jailed);
    } catch (error) {
      const metadata: Record<string, unknown> = { step: number, type };
      if (error instanceof OutpostError) metadata.cause = error.code;
      throw new OutpostError('ErrOperationFailed', `step ${number} (${type}) failed: ${reasonOf(error, jailed)}`, metadata);
    }
  }
}
