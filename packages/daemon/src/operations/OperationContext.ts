import type { ServerFiles } from '../files/ServerFiles.js';
import type { OutboundGuard } from '../system/outboundGuard.js';
import type { DownloadSources } from './downloadSources.js';

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
  /** The node's private-address guard, which every download of a step goes through; absent, no private address is allowed. */
  outbound?: OutboundGuard;
  /** Where this node's vendor download steps look things up (its daemon file's downloadSources); absent, the vendors' own. */
  sources?: DownloadSources;
  /** Where this node keeps the JDKs javadl fetches, shared by all its servers (<data>/java). */
  javaDir?: string;
  /**
   * Environment the earlier steps of a run set for the later ones (javadl: JAVA_HOME and PATH);
   * command steps run with it. runOperations adds it to the context when the caller did not.
   */
  env?: Record<string, string>;
}
