import { constants } from 'node:os';
import { spawn as spawnPty } from 'node-pty';
import type { IPty } from 'node-pty';
import { OutpostError } from '@outpost/shared';
import type { Environment, ExecutionSpec, ExitInfo, RunningProcess } from './environment.js';
import { InputLimit } from './InputLimit.js';
import { prepareLaunch } from '../limits/launch.js';
import type { Confinement } from '../limits/NodeLimits.js';
import { killTree, newRunMarker, serverMarker, signalTree, TreeStatsSampler } from './processTree.js';

// Wide enough that servers which format for the terminal width do not wrap ordinary log lines.
const COLUMNS = 200;
const ROWS = 50;

/**
 * Runs the program on a pseudo-terminal (node-pty), for programs that only behave, or only
 * colour their output, when they see a terminal. The pty child is a session leader, so its
 * pid is also its process group.
 */
export class TtyEnvironment implements Environment {
  readonly type = 'tty' as const;

  /** `confinement`: the server's limits and cgroup (absent: none, as in tests of the environment alone). */
  constructor(private readonly confinement?: Confinement) {}

  async start(spec: ExecutionSpec, onOutput: (text: string) => void): Promise<RunningProcess> {
    const [markerName, markerValue] = newRunMarker();
    const marker = `${markerName}=${markerValue}`;
    const launch = await prepareLaunch(spec, this.confinement);
    // node-pty's own uid/gid keep root's supplementary groups (it calls no setgroups): only setpriv will do.
    if (launch.user) throw new OutpostError('ErrOperationFailed', 'the tty environment needs setpriv (util-linux) to run a server as its own user');
    const pty = spawnPty(launch.command, launch.args, {
      name: 'xterm-256color',
      cols: COLUMNS,
      rows: ROWS,
      cwd: spec.cwd,
      env: { ...spec.env, [markerName]: markerValue, ...serverMarker(spec.serverRoot) },
      encoding: 'utf8',
    });
    const pid = pty.pid;
    pty.onData(onOutput);
    let alive = true;
    const exited = new Promise<ExitInfo>((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        alive = false;
        // Input the program never took goes nowhere now; left queued, node-pty would keep retrying it.
        ptyWriteQueue(pty)?.splice(0);
        void killTree(pid, pid, marker).then(async () => {
          const info = signal ? { code: null, signal: signalName(signal) } : { code: exitCode, signal: null };
          resolve({ ...info, outOfMemory: await launch.outOfMemory(info) });
        });
      });
    });
    const sampler = new TreeStatsSampler(pid);
    const input = new InputLimit(() => ptyQueuedBytes(pty), onOutput);
    return {
      pid,
      write(line: string) {
        // Enter on a terminal is a carriage return; the line discipline turns it into \n.
        if (alive && input.admit(line + '\r')) pty.write(line + '\r');
      },
      signal(signal: NodeJS.Signals) {
        if (signal === 'SIGKILL') {
          ptyWriteQueue(pty)?.splice(0); // nothing will read it now
          void killTree(pid, pid, marker);
        }
        else signalTree(pid, signal);
      },
      async stats() {
        return sampler.sample();
      },
      exited,
    };
  }

  async destroy(): Promise<void> {
    await this.confinement?.cgroup?.remove();
  }
}

/**
 * Input node-pty holds because the terminal would take no more. node-pty 1.1 keeps it in a
 * private queue, read here; should that change, nothing counts as queued.
 */
function ptyWriteQueue(pty: IPty): { buffer: Buffer; offset: number }[] | undefined {
  return (pty as unknown as { _writeStream?: { _writeQueue?: { buffer: Buffer; offset: number }[] } })._writeStream?._writeQueue;
}

function ptyQueuedBytes(pty: IPty): number {
  return ptyWriteQueue(pty)?.reduce((sum, task) => sum + task.buffer.byteLength - task.offset, 0) ?? 0;
}

function signalName(signal: number): string {
  for (const [name, number] of Object.entries(constants.signals as Record<string, number>)) if (number === signal) return name;
  return String(signal);
}
