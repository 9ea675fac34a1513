/**
 * How a server's program runs: one interface, three kinds (standard, tty, docker), as Wings'
 * environment/environment.go. The server (servers/) owns lifecycle policy: locks, run flags,
 * recovery. An environment only starts one program, feeds it, reports on it and ends it.
 */
export interface ExecutionSpec {
  /** Program and arguments after variable substitution. */
  command: string;
  args: string[];
  /** Absolute working directory, already resolved inside the server folder. */
  cwd: string;
  /** Absolute server folder (mounted into containers). */
  serverRoot: string;
  env: Record<string, string>;
  /** The server's own user (a root daemon's servers); absent: the daemon's user. */
  user?: { uid: number; gid: number };
}

export interface ProcessStats {
  /** Percent of one core, summed over the whole process tree (or the container). */
  cpu: number;
  /** Bytes: sum of RSS over the whole process tree (or the container's usage). */
  memory: number;
}

export interface ExitInfo {
  code: number | null;
  signal: string | null;
  /** The memory limit (MiB) when the kernel's OOM killer ended the program. */
  outOfMemory?: number;
}

export interface RunningProcess {
  readonly pid: number | undefined;
  /** Write a console command (a newline is added). */
  write(line: string): void;
  /** Signal the whole process tree (or the container). */
  signal(signal: NodeJS.Signals): void;
  stats(): Promise<ProcessStats>;
  /** Settles once when the program has exited and its output is drained. */
  readonly exited: Promise<ExitInfo>;
}

export interface Environment {
  readonly type: 'standard' | 'tty' | 'docker';
  /** Start the program; every output chunk (UTF-8 text) goes to onOutput. */
  start(spec: ExecutionSpec, onOutput: (text: string) => void): Promise<RunningProcess>;
  /** Free what the environment holds for this server (e.g. remove a container). */
  destroy?(): Promise<void>;
}
