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
import { forgeDl } from './steps/forgeDl.js';
import { spongeForgeDl } from './steps/spongeForgeDl.js';
import { javaDl } from './steps/javaDl.js';
import { steamGameDl } from './steps/steamGameDl.js';

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
  forgedl: forgeDl,
  spongeforgedl: spongeForgeDl,
  javadl: javaDl,
  steamgamedl: steamGameDl,
};

/** Failures the node's setup causes, not the step: they keep their code so the panel can say what to install. */
const nodeErrors = new Set(['ErrMissingBinary', 'ErrUnsupportedArch', 'ErrUnsupportedOS']);

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
 * cancelled. A step that needs what the node lacks (steamcmd, a supported architecture) fails
 * with that code instead (ErrMissingBinary {expected}, ...), its metadata plus step and type.
 */
export async function runOperations(steps: readonly Step[], ctx: OperationContext): Promise<void> {
  // One environment for the whole run: what a step sets there (javadl's PATH) the next ones get.
  ctx.env ??= {};
  // Work against the real folder, so resolved paths and the root compare alike (e.g. /tmp links).
  const jailed: OperationContext = { ...ctx, root: await realpath(ctx.root), files: ctx.files, log: (line) => ctx.log(line), exec: (c, o) => ctx.exec(c, o) };
  for (const [index, raw] of steps.entries()) {
    const step = normalizeStep(raw);
    const number = index + 1;
    const type = String((step as { type?: unknown }).type);
    try {
      jailed.signal.throwIfAborted();
      const runner = runners[step.type];
      if (!runner) throw new StepFailure(`${type} is not a step type`);
      await runner(step as never, jailed);
    } catch (error) {
      const metadata: Record<string, unknown> = { step: number, type };
      if (error instanceof OutpostError && nodeErrors.has(error.code) && !jailed.signal.aborted) {
        throw new OutpostError(error.code, `step ${number} (${type}) failed: ${error.message}`, { ...error.metadata, ...metadata });
      }
      if (error instanceof OutpostError) metadata.cause = error.code;
      throw new OutpostError('ErrOperationFailed', `step ${number} (${type}) failed: ${reasonOf(error, jailed)}`, metadata);
    }
  }
}
