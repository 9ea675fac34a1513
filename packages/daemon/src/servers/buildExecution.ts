import { lchown, mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { OutpostError, substitute } from '@outpost/shared';
import type { ServerDefinition } from '@outpost/shared';
import type { ExecutionSpec } from '../environments/environment.js';
import { resolveInside } from '../files/resolveInside.js';
import { parseCommand } from '../system/parseCommand.js';
import { assertReachable, serverUser } from './serverUsers.js';

/**
 * The daemon's own environment minus its configuration: a template's program sees PATH, HOME
 * and the like, never the node secret.
 */
export function baseEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('OUTPOST_')) env[key] = value;
  }
  return env;
}

/** Resolves a template's working directory inside the server folder, creating it when missing. */
export async function resolveWorkingDirectory(root: string, dir: string | undefined, variables: Record<string, unknown>): Promise<string> {
  const cwd = await resolveInside(root, substitute(dir || '.', variables));
  const created = await mkdir(cwd, { recursive: true });
  // Folders made here belong to the server's user, who must be able to write in its working directory.
  const user = created && (await serverUser(root));
  if (user) {
    for (let folder = cwd; folder.length >= created.length; folder = dirname(folder)) await lchown(folder, user.uid, user.gid);
  }
  return cwd;
}

/**
 * What to run for a command (the run command, or a command step): variables substituted, then
 * split like a shell would, so a variable holding several flags becomes several arguments.
 */
export async function buildExecution(
  command: string | string[],
  root: string,
  options: { workingDirectory?: string; env?: Record<string, string>; variables: Record<string, unknown> },
): Promise<ExecutionSpec> {
  const words = Array.isArray(command)
    ? command.map((part) => substitute(part, options.variables))
    : parseCommand(substitute(command, options.variables));
  if (words.length === 0) throw new OutpostError('ErrInvalidJson', 'the run command is empty', { field: 'run.command' });
  const env = baseEnvironment();
  const user = await serverUser(root);
  if (user) {
    await assertReachable(root);
    // The daemon's HOME is root's; the server's user has its folder, and a name that says whose it is.
    Object.assign(env, { HOME: root, USER: `outpost-${basename(root)}`, LOGNAME: `outpost-${basename(root)}` });
  }
  for (const [key, value] of Object.entries(options.env ?? {})) env[key] = substitute(String(value), options.variables);
  return {
    command: words[0],
    args: words.slice(1),
    cwd: await resolveWorkingDirectory(root, options.workingDirectory, options.variables),
    serverRoot: root,
    env,
    user,
  };
}

/** The run section's program for a definition. */
export function buildRunExecution(def: ServerDefinition, root: string, variables: Record<string, unknown>): Promise<ExecutionSpec> {
  return buildExecution(def.run.command, root, { workingDirectory: def.run.workingDirectory, env: def.run.environmentVars, variables });
}
