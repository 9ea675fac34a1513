import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { ExecutionSpec } from '../environments/environment.js';
import type { ServerLimits } from '@outpost/shared';
import type { ServerCgroup } from './ServerCgroup.js';

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));
const ENV = ['/usr/bin/env', '/bin/env'].find((path) => existsSync(path));

/**
 * Joins the cgroup.procs files given first (their count, then the paths), then becomes the rest
 * of its arguments: the program is in its cgroups before its first instruction.
 */
const JOIN_CGROUPS = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 126; shift; n=$((n-1)); done; exec "$@"';

/**
 * The command line that starts a server's program confined, or undefined where setpriv
 * (util-linux) is missing, which leaves the caller's own uid/gid switch. As root: a shell that
 * joins the server's cgroups, prlimit for RLIMIT_NPROC where no pids cgroup counts processes,
 * then setpriv to the server's user and groups-less, no-new-privileges (setuid binaries give
 * nothing) and every capability set empty. Not root: no-new-privileges only, as nothing else is ours to drop.
 */
export function confinedCommand(spec: ExecutionSpec, limits: ServerLimits, cgroup?: ServerCgroup): { command: string; args: string[] } | undefined {
  if (!SETPRIV) return undefined;
  const program = [spec.command, ...spec.args];
  const root = process.getuid?.() === 0;
  if (!root) return { command: SETPRIV, args: ['--no-new-privs', '--', ...program] };
  const user = spec.user ? [`--reuid=${spec.user.uid}`, `--regid=${spec.user.gid}`, '--clear-groups'] : [];
  // setpriv looks a bare name up in PATH while it still holds the capabilities it needed to drop the
  // others, so it would find (and exec) a program in a folder the server's user cannot search, such
  // as a pyenv shim under /root, which then fails to read itself. env, started by its full path with
  // nothing left, looks the name up as the server's user, as spawn's own uid switch did.
  const lookedUp = !spec.command.includes('/') && !spec.command.includes('=') && ENV ? [ENV, '--', ...program] : program;
  let argv = [SETPRIV, ...user, '--no-new-privs', '--inh-caps=-all', '--ambient-caps=-all', '--bounding-set=-all', '--', ...lookedUp];
  const processes = limits.processes;
  const pidsCounted = cgroup?.counts('pids');
  // RLIMIT_NPROC counts every process of the uid (the file worker's threads too): only the fallback.
  if (processes && !pidsCounted && spec.user && PRLIMIT) argv = [PRLIMIT, `--nproc=${processes}`, '--', ...argv];
  const dirs = cgroup?.dirs ?? [];
  if (dirs.length > 0) argv = ['/bin/sh', '-c', JOIN_CGROUPS, 'sh', String(dirs.length), ...dirs.map((dir) => join(dir, 'cgroup.procs')), ...argv];
  return { command: argv[0], args: argv.slice(1) };
}

/**
 * Refuses a program that is not there as spawn would (ENOENT), since behind the wrapper a
 * missing program would only show as a start that exits at once.
 */
export function assertProgramExists(spec: ExecutionSpec): void {
  const { command } = spec;
  const path = spec.env.PATH ?? process.env.PATH ?? '';
  const candidates = command.includes('/') ? [isAbsolute(command) ? command : resolve(spec.cwd, command)] : path.split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  const found = candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
  if (!found) throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT', errno: -2, syscall: `spawn ${command}`, path: command });
}
