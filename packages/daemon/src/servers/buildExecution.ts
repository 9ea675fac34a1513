import { basename } from 'node:path';
import { buildCommand, OutpostError, substitute } from '@outpost/shared';
import type { ServerDefinition } from '@outpost/shared';
import type { ExecutionSpec } from '../environments/environment.js';
import type { ServerFiles } from '../files/ServerFiles.js';
import { assertReachable, serverUser } from './serverUsers.js';

/** What a program needs of the daemon's environment: where to find programs, whose it is, language and time. */
const PASSED_VARIABLES = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TMPDIR', 'LANG', 'LANGUAGE', 'TZ', 'JAVA_HOME']);

/**
 * The few variables of the daemon's own environment a program needs (PATH, HOME, LANG and LC_*,
 * TZ, ...). Never the rest: the operator's shell may hold credentials (a database URL, cloud
 * keys, the node secret), none of them a template's program's business.
 */
export function baseEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && (PASSED_VARIABLES.has(key) || key.startsWith('LC_'))) env[key] = value;
  }
  return env;
}

/** A template's working directory in the server folder, made when missing, as the server's jail resolves it. */
export async function resolveWorkingDirectory(files: ServerFiles, dir: string | undefined, variables: Record<string, unknown>): Promise<string> {
  return files.folder(substitute(dir || '.', variables));
}

/**
 * What to run for a program already split into argv (a command step built by buildCommand), with
 * `env` over the daemon's. Under a root daemon it runs as the server's own user, at home in its folder.
 */
export async function buildExecution(argv: string[], root: string, cwd: string, env: Record<string, string> = {}): Promise<ExecutionSpec> {
  if (argv.length === 0) throw new OutpostError('ErrInvalidJson', 'the command is empty', { field: 'run.command' });
  const base = baseEnvironment();
  const user = await serverUser(root);
  if (user) {
    await assertReachable(root);
    // The daemon's HOME is root's; the server's user has its folder, and a name that says whose it is.
    Object.assign(base, { HOME: root, USER: `outpost-${basename(root)}`, LOGNAME: `outpost-${basename(root)}` });
  }
  return { command: argv[0], args: argv.slice(1), cwd, serverRoot: root, env: { ...base, ...env }, user };
}

/**
 * The run section's program for a definition: the command built by buildCommand (values are
 * data, never code), `tools` (JAVA_HOME and PATH of a fetched JDK), the template's environment variables with values substituted (an
 * environment variable's value is data already), the working directory inside the folder.
 */
export async function buildRunExecution(def: ServerDefinition, files: ServerFiles, variables: Record<string, unknown>, tools: Record<string, string> = {}): Promise<ExecutionSpec> {
  const { argv, env: references } = buildCommand(def.run.command, variables, def.data);
  if (argv.length === 0) throw new OutpostError('ErrInvalidJson', 'the run command is empty', { field: 'run.command' });
  // Tools the install put on the node (a JDK's JAVA_HOME and PATH) come first; the template's own variables win.
  const env: Record<string, string> = { ...tools };
  for (const [key, value] of Object.entries(def.run.environmentVars ?? {})) env[key] = substitute(String(value), variables);
  const cwd = await resolveWorkingDirectory(files, def.run.workingDirectory, variables);
  return buildExecution(argv, files.root, cwd, { ...env, ...references });
}
