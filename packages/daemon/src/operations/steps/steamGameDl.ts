import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { SteamGameDlStep } from '@outpost/shared';
import { OutpostError, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { commandLine } from '../commandLine.js';

/** The first executable `name` in PATH, or undefined. */
async function findInPath(name: string, path: string | undefined): Promise<string | undefined> {
  for (const dir of (path ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}

/**
 * Installs or updates a Steam dedicated server into the server folder with the node's steamcmd,
 * logged in anonymously, files validated; it runs as the server's user like any command. A node
 * without steamcmd fails with ErrMissingBinary {expected: "steamcmd"}.
 */
export async function steamGameDl(step: SteamGameDlStep, ctx: OperationContext): Promise<void> {
  const appId = substitute(String(step.appId ?? ''), ctx.variables).trim();
  if (!/^\d{1,10}$/.test(appId)) throw new StepFailure(`"${appId}" is not a Steam app id`);
  if (!(await findInPath('steamcmd', ctx.env?.PATH ?? process.env.PATH))) {
    throw new OutpostError('ErrMissingBinary', 'Missing binary: steamcmd', { expected: 'steamcmd' });
  }
  const argv = ['steamcmd', '+force_install_dir', ctx.root, '+login', 'anonymous', '+app_update', appId, 'validate', '+quit'];
  ctx.log(commandLine(argv));
  const code = await ctx.exec(argv, { cwd: ctx.root, env: { ...ctx.env } });
  if (code !== 0) throw new StepFailure(`steamcmd exited with code ${code}`);
}
