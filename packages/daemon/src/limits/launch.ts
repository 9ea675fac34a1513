import type { ExecutionSpec, ExitInfo } from '../environments/environment.js';
import { assertProgramExists, confinedCommand } from './confinedCommand.js';
import type { Confinement } from './NodeLimits.js';

/** How to start one run of a server's program in a local environment (standard, tty). */
export interface Launch {
  command: string;
  args: string[];
  /** The uid/gid switch left to the spawner, where no wrapper does it. */
  user?: { uid: number; gid: number };
  /** The memory limit in MiB when the run ended by the kernel's OOM killer, else undefined. */
  outOfMemory(info: ExitInfo): Promise<number | undefined>;
}

/** Writes the server's limits to its cgroup and answers the confined command line. */
export async function prepareLaunch(spec: ExecutionSpec, confinement?: Confinement): Promise<Launch> {
  const cgroup = confinement?.cgroup;
  const limits = confinement?.limits() ?? {};
  if (cgroup) await cgroup.apply(limits);
  const killsBefore = cgroup ? await cgroup.oomKills() : 0;
  const memory = limits.memory;
  const outOfMemory = async (info: ExitInfo) =>
    cgroup && memory && info.signal === 'SIGKILL' && (await cgroup.oomKills()) > killsBefore ? memory : undefined;
  const wrapped = confinedCommand(spec, limits, cgroup);
  if (!wrapped) return { command: spec.command, args: spec.args, user: spec.user, outOfMemory };
  assertProgramExists(spec);
  return { ...wrapped, outOfMemory };
}
