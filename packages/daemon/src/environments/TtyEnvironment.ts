import { constants } from 'node:os';
import { spawn as spawnPty } from 'node-pty';
import type { Environment, ExecutionSpec, ExitInfo, RunningProcess } from './environment.js';
import { killTree, signalTree, TreeStatsSampler } from './processTree.js';

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

  async start(spec: ExecutionSpec, onOutput: (text: string) => void): Promise<RunningProcess> {
    const pty = spawnPty(spec.command, spec.args, {
      name: 'xterm-256color',
      cols: COLUMNS,
      rows: ROWS,
      cwd: spec.cwd,
      env: spec.env,
      encoding: 'utf8',
    });
    const pid = pty.pid;
    pty.onData(onOutput);
    let alive = true;
    const exited = new Promise<ExitInfo>((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        alive = false;
        void killTree(pid).then(() =>
          resolve(signal ? { code: null, signal: signalName(signal) } : { code: exitCode, signal: null }),
        );
      });
    });
    const sampler = new TreeStatsSampler(pid);
    return {
      pid,
      write(line: string) {
        // Enter on a terminal is a carriage return; the line discipline turns it into \n.
        if (alive) pty.write(line + '\r');
      },
      signal(signal: NodeJS.Signals) {
        if (signal === 'SIGKILL') void killTree(pid);
        else signalTree(pid, signal);
      },
      async stats() {
        return sampler.sample();
      },
      exited,
    };
  }
}

function signalName(signal: number): string {
  for (const [name, number] of Object.entries(constants.signals as Record<string, number>)) if (number === signal) return name;
  return String(signal);
}
