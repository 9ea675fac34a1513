import type { ServerFiles } from '../files/ServerFiles.js';

/** What a run of operations (install, pre/post hooks, task steps) gets from the server running it. */
export interface OperationContext {
  serverId: string;
  /** Absolute server folder. */
  root: string;
  /** The server's jail: every file a step touches goes through it, with the server user's rights. */
  files: ServerFiles;
  /** Values for ${name} substitution, built-ins (serverId, rootDir, nodeOs, nodeArch) included. */
  variables: Record<string, unknown>;
  /** One console line; the caller prefixes "[DAEMON] ". */
  log(line: string): void;
  /**
   * Runs one program (argv, spawned directly: no shell) in the server's environment with output
   * to the console, `env` added to the server's own; resolves with the exit code.
   */
  exec(argv: string[], opts: { cwd: string; env: Record<string, string> }): Promise<number>;
  signal: AbortSignal;
}
