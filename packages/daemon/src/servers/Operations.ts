import type { Requirements, Step } from '@outpost/shared';

/** What a step list runs with (install, pre and post hooks, tasks): see operations/runOperations.ts. */
export interface OperationContext {
  serverId: string;
  /** Absolute server folder. */
  root: string;
  /** Server data values plus the built-ins (serverId, rootDir, nodeOs, nodeArch). */
  variables: Record<string, unknown>;
  /** A line for the console; the server prefixes "[DAEMON] ". */
  log(line: string): void;
  /** Runs a command step in the server's environment with output to the console; answers the exit code. */
  exec(command: string, opts: { cwd: string; env: Record<string, string> }): Promise<number>;
  signal: AbortSignal;
}

/** The step runner and requirement check the servers use, injected so the daemon wires the real ones. */
export interface Operations {
  runOperations(steps: Step[], ctx: OperationContext): Promise<void>;
  checkRequirements(requirements: Requirements | undefined): void | Promise<void>;
}
