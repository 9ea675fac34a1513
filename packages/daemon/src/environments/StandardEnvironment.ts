import { spawn } from 'node:child_process';
import type { Environment, ExecutionSpec, ExitInfo, RunningProcess } from './environment.js';
import { InputLimit } from './InputLimit.js';
import { prepareLaunch } from '../limits/launch.js';
import type { Confinement } from '../limits/NodeLimits.js';
import { killTree, newRunMarker, serverMarker, signalTree, TreeStatsSampler } from './processTree.js';

/** How long output may trail the program's exit before exited settles anyway. */
const PIPE_DRAIN_MS = 2000;

/**
 * Runs the program as a plain child process with pipes: stdin takes console commands, stdout and
 * stderr become console text. The child leads its own process group (detached), so one signal
 * reaches everything it starts, and kill can sweep the group for grandchildren.
 */
export class StandardEnvironment implements Environment {
  readonly type = 'standard' as const;

  /** `confinement`: the server's limits and cgroup (absent: none, as in tests of the environment alone). */
  constructor(private readonly confinement?: Confinement) {}

  async start(spec: ExecutionSpec, onOutput: (text: string) => void): Promise<RunningProcess> {
    const [markerName, markerValue] = newRunMarker();
    const marker = `${markerName}=${markerValue}`;
    const launch = await prepareLaunch(spec, this.confinement);
    // Without the setpriv wrapper, uid and gid drop root's rights (libuv also clears the supplementary groups).
    const child = spawn(launch.command, launch.args, {
      cwd: spec.cwd,
      env: { ...spec.env, [markerName]: markerValue, ...serverMarker(spec.serverRoot) },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      uid: launch.user?.uid,
      gid: launch.user?.gid,
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    const pid = child.pid!;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    // A program that exits without reading its input must not crash the daemon with EPIPE.
    child.stdin.on('error', () => undefined);

    let pipesClosed = false;
    const pipesDone = new Promise<void>((resolve) => child.once('close', () => ((pipesClosed = true), resolve())));
    const exited = new Promise<ExitInfo>((resolve) => {
      child.once('exit', (code, signal) => {
        // Whatever the program left behind in its group would hold the pipes open and run on
        // unseen: the server is not running any more, so nothing of it may.
        void killTree(pid, pid, marker).then(async () => {
          // A descendant that left the group (setsid) may still hold the pipes: stop waiting.
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([pipesDone, new Promise((r) => (timer = setTimeout(r, PIPE_DRAIN_MS)))]);
          clearTimeout(timer);
          if (!pipesClosed) {
            child.stdout.destroy();
            child.stderr.destroy();
          }
          resolve({ code, signal, outOfMemory: await launch.outOfMemory({ code, signal }) });
        });
      });
    });
    const sampler = new TreeStatsSampler(pid);
    const input = new InputLimit(() => child.stdin.writableLength, onOutput);

    return {
      pid,
      write(line: string) {
        if (child.stdin.writable && input.admit(line + '\n')) child.stdin.write(line + '\n');
      },
      signal(signal: NodeJS.Signals) {
        if (signal === 'SIGKILL') void killTree(pid, pid, marker);
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
