import type { FastifyInstance } from 'fastify';
import { createEnvironment as createBuiltInEnvironment } from './environments/createEnvironment.js';
import type { DockerEngineOptions } from './environments/DockerEngine.js';
import { daemonRoutes } from './http/routes.js';
import { runOperations } from './operations/runOperations.js';
import { checkRequirements } from './operations/checkRequirements.js';
import { ServerFiles } from './files/ServerFiles.js';
import type { Server } from './servers/Server.js';
import type { FileStore } from './servers/serverFiles.js';
import type { Operations } from './servers/Operations.js';
import { defaultRecovery } from './servers/RecoveryPolicy.js';
import type { RecoveryOptions } from './servers/RecoveryPolicy.js';
import type { ServerOptions } from './servers/Server.js';
import { ServerManager } from './servers/ServerManager.js';

export interface DaemonConfig {
  /** This node's id: node tokens must name it. */
  nodeId: string;
  /** This node's secret: node tokens must be signed with it. */
  secret: string;
  /** Where server definitions (`<id>.json`) live. */
  serversDir: string;
  /** Where server folders (`<id>/`) live; default serversDir. */
  dataDir?: string;
  /** Grace period of a stop before the kill (default 30 s). */
  stopGraceMs?: number;
  /** Pause before an autorestart (default 1 s). */
  restartDelayMs?: number;
  recovery?: Partial<RecoveryOptions>;
  consoleLimit?: number;
  consoleTrimTo?: number;
  /** Start autostart servers when the daemon opens (default true). */
  autostart?: boolean;
  /** Where the docker engine is, for servers with a docker environment (default: DOCKER_HOST or the usual socket). */
  docker?: DockerEngineOptions;
  /** Replaces the step runner (tests, or a daemon that restricts steps). */
  operations?: Operations;
  createEnvironment?: ServerOptions['createEnvironment'];
}

/**
 * A node's daemon: the servers manager plus its HTTP+WebSocket API. It runs alone (`outpost
 * daemon`) or inside the panel's process for the local node; either way `routes` is a Fastify
 * plugin and `close()` stops every server cleanly.
 */
export class Daemon {
  readonly servers: ServerManager;
  private closing?: Promise<void>;

  /** A server's files, through the jail. */
  readonly files = (server: Server): FileStore => new ServerFiles(server.root);

  private constructor(readonly config: DaemonConfig) {
    this.servers = new ServerManager({
      serversDir: config.serversDir,
      dataDir: config.dataDir,
      stopGraceMs: config.stopGraceMs ?? 30_000,
      restartDelayMs: config.restartDelayMs ?? 1000,
      recovery: { ...defaultRecovery, ...config.recovery },
      consoleLimit: config.consoleLimit,
      consoleTrimTo: config.consoleTrimTo,
      operations: config.operations ?? { runOperations, checkRequirements },
      createEnvironment: config.createEnvironment ?? ((env, serverId) => createBuiltInEnvironment(env, serverId, config.docker)),
    });
  }

  /** Loads the servers on disk and starts those marked autostart. */
  static async open(config: DaemonConfig): Promise<Daemon> {
    const daemon = new Daemon(config);
    await daemon.servers.load();
    if (config.autostart ?? true) {
      daemon.servers.autostart((server, error) => server.log(`Autostart failed: ${error.message}`));
    }
    return daemon;
  }

  /** Fastify plugin with the daemon's routes under /daemon/. */
  get routes(): (app: FastifyInstance) => Promise<void> {
    return (app) => daemonRoutes(app, this);
  }

  /** Stops every server (kill after the grace period); safe to call twice. */
  close(): Promise<void> {
    this.closing ??= this.servers.shutdown();
    return this.closing;
  }
}
