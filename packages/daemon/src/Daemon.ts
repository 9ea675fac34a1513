import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BaseLogger } from 'pino';
import { LIMIT_NAMES, type NodeEvent } from '@outpost/shared';
import { createEnvironment as createBuiltInEnvironment } from './environments/createEnvironment.js';
import type { DockerEngineOptions } from './environments/DockerEngine.js';
import { NodeApi } from './api/NodeApi.js';
import { BackupManager, type BackupOptions } from './backups/BackupManager.js';
import { daemonRoutes } from './http/routes.js';
import { NodeLimits, type NodeLimitsConfig } from './limits/NodeLimits.js';
import { DiskScanner, type DiskScanOptions } from './disk/DiskScanner.js';
import { StatsSampler, type StatsSamplerOptions } from './stats/StatsSampler.js';
import { ServerQueries } from './query/ServerQueries.js';
import type { ServerQueryOptions } from './query/ServerQuery.js';
import { NodeEventJournal } from './events/NodeEventJournal.js';
import { runOperations } from './operations/runOperations.js';
import { checkRequirements } from './operations/checkRequirements.js';
import { downloadSourcesWith, type DownloadSources } from './operations/downloadSources.js';
import type { Server } from './servers/Server.js';
import type { FileStore } from './servers/serverFiles.js';
import type { Operations } from './servers/Operations.js';
import { defaultRecovery } from './servers/RecoveryPolicy.js';
import type { RecoveryOptions } from './servers/RecoveryPolicy.js';
import type { ServerOptions } from './servers/Server.js';
import { ServerManager } from './servers/ServerManager.js';
import { startSftpServer, type SftpChange, type SftpLogin, type SftpServer } from './sftp/index.js';
import { isServerId } from './servers/serverId.js';
import { OutboundGuard, type OutboundGuardOptions } from './system/outboundGuard.js';

/** The parts of a pino logger the daemon uses; Fastify's logger fits too. */
export type DaemonLogger = Pick<BaseLogger, 'info' | 'warn' | 'error'>;

/** What the panel answers for an SFTP login: whether the account may write, or null when refused. */
/**
 * What the panel answers for an SFTP login, with a password or with a public key (`{type} {base64}`,
 * its signature checked here already; `probe` when the client only asks whether the key would do):
 * whether the account may write and, for a key, the key's id; null when refused.
 */
export type SftpCheck = (login: {
  email: string;
  serverId: string;
  remoteAddress: string;
  /** One of password and publicKey is given. */
  password?: string;
  publicKey?: string;
  probe?: boolean;
}) => Promise<{ canWrite: boolean; userId: string; keyId?: string } | null>;

export interface DaemonSftpConfig {
  host?: string;
  port: number;
  /** Where the host key is kept; made on first start. */
  hostKeyPath: string;
  /** Asks the panel: in-process for the local node, over HTTP for a remote one. */
  check: SftpCheck;
}

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
  /** Serve SFTP with logins `{email}|{serverId}` + the account password or one of its SSH keys. */
  sftp?: DaemonSftpConfig;
  /** First uid given to a server when the daemon runs as root (default: OUTPOST_SERVER_UID_BASE, else 900000). */
  uidBase?: number;
  /** The shared folder of JDKs fetched by javadl steps (default <dataDir>/java). */
  javaDir?: string;
  /** Mirrors for the download steps (Mojang, Fabric, Forge, Sponge, Adoptium); defaults are the vendors'. */
  downloadSources?: Partial<DownloadSources>;
  /**
   * The private ranges (CIDR list) download steps may reach, read at each download: a daemon
   * file's allowPrivateTargets, or the panel's setting for the local node. Default none.
   */
  outbound?: OutboundGuardOptions;
  /** Backups: their folder (default `backups` beside serversDir), the retention of servers that set none, and how many run at once. */
  backups?: Partial<Omit<BackupOptions, 'guard'>>;
  /** How often servers' folders are measured against their disk limits (DiskScanner's defaults otherwise). */
  disk?: Partial<DiskScanOptions>;
  /** The stats history's sampling (issue 32): its interval, reach and clock (tests), and the players hook. */
  stats?: Partial<StatsSamplerOptions>;
  /** The game queries' interval, settling time, timeout and clock (tests); ServerQueries' defaults otherwise. */
  query?: Partial<ServerQueryOptions>;
  /** daemon.json `limits`: the node's default and maximum for each server limit (issue 30). */
  limits?: NodeLimitsConfig;
  /** Where the daemon reports logins, session ends and refusals (pino, or the panel's Fastify logger); silent when absent. */
  logger?: DaemonLogger;
  /**
   * Told of the events of servers' lives only the node sees (crashes, install outcomes, task
   * results): the local node's straight into the panel's activity log. Every node also keeps them
   * in its journal (`events`), which the panel reads from a remote one (GET /daemon/node/events).
   */
  onEvent?: ServerOptions['onEvent'];
  /**
   * Keeps a new secret where the daemon reads it on its next start (`outpost daemon`: its
   * daemon.json); the new secret takes effect only once this has succeeded.
   */
  saveSecret?: (secret: string) => Promise<void>;
}

/**
 * A node's daemon: the servers manager plus its HTTP+WebSocket API. It runs alone (`outpost
 * daemon`) or inside the panel's process for the local node; either way `routes` is a Fastify
 * plugin and `close()` stops every server cleanly.
 */
export class Daemon {
  readonly servers: ServerManager;
  /** Every server's backups, in the node's chosen storage. */
  readonly backups: BackupManager;
  /** What the node can enforce, its default and maximum limits, and each server's cgroup. */
  readonly limits: NodeLimits;
  /** Measures every server's folder in turn against its disk limit. */
  readonly disk: DiskScanner;
  /** Asks each server's game how many players are on (issue 32), at most every 30 s. */
  readonly queries: ServerQueries;
  /** The last events of its servers' lives, for the panel to read (issue 31). */
  readonly events = new NodeEventJournal();
  /** Every running server's stats each 10 s, the node's last hour of them for the panel. */
  readonly samples: StatsSampler;
  private sftp?: SftpServer;
  private closing?: Promise<void>;

  /** A server's files, through its one jail object. */
  readonly files = (server: Server): FileStore => server.files;

  /** The daemon's one entry point: the panel's client for this node, and what the HTTP+WS routes call. */
  readonly api: NodeApi = new NodeApi(this);

  private constructor(readonly config: DaemonConfig) {
    this.limits = new NodeLimits(config.limits);
    const outbound = new OutboundGuard(config.outbound ?? { allowed: () => '', allowedIn: 'allowPrivateTargets of the daemon file' });
    this.backups = new BackupManager({ folder: join(dirname(config.serversDir), 'backups'), ...config.backups, guard: outbound });
    this.servers = new ServerManager({
      serversDir: config.serversDir,
      dataDir: config.dataDir,
      uidBase: config.uidBase ?? uidBaseFromEnv(),
      stopGraceMs: config.stopGraceMs ?? 30_000,
      restartDelayMs: config.restartDelayMs ?? 1000,
      recovery: { ...defaultRecovery, ...config.recovery },
      consoleLimit: config.consoleLimit,
      consoleTrimTo: config.consoleTrimTo,
      operations: config.operations ?? { runOperations, checkRequirements },
      javaDir: config.javaDir ?? join(config.dataDir ?? config.serversDir, 'java'),
      outbound,
      backup: async (server, name, by) => void (await this.backups.create(server, name, by, true)),
      // This daemon's own: another in the same process keeps its sources.
      downloadSources: downloadSourcesWith(config.downloadSources),
      appliedLimits: (limits) => this.limits.applied(limits),
      onEvent: (event) => this.report(event),
      // Docker applies a container's limits itself; elsewhere each one set needs its cgroup controller (disk is the daemon's own).
      limitsEnforced: (environment, limits) => environment?.type === 'docker' || LIMIT_NAMES.every((name) => !limits[name] || this.limits.enforcement[name]),
      createEnvironment:
        config.createEnvironment ??
        ((env, serverId, files, limits) => createBuiltInEnvironment(env, serverId, files, config.docker, this.limits.confinement(serverId, files.root, limits))),
    });
    this.disk = new DiskScanner(() => this.servers.list().map((server) => server.disk), config.disk);
    this.queries = new ServerQueries((id) => (this.servers.has(id) ? this.servers.get(id) : undefined), config.query);
    this.samples = new StatsSampler(() => this.servers.list(), { players: (id) => this.queries.online(id), ...config.stats });
  }

  /** Loads the servers on disk, ends what a daemon before it left running of them, and starts those marked autostart. */
  static async open(config: DaemonConfig): Promise<Daemon> {
    const daemon = new Daemon(config);
    await daemon.servers.load();
    await daemon.backups.open();
    daemon.disk.start();
    daemon.samples.start();
    // Before anything else takes a server's lock: an autostart must not run a second copy beside a leftover.
    for (const server of daemon.servers.list()) {
      server.endLeftovers().catch((error: Error) => server.log(`Could not end the processes left running: ${error.message}`));
    }
    // Uploads a crash cut short are litter nobody would ever see the end of.
    await Promise.all(daemon.servers.list().map((server) => server.files.jail.sweepUploads().catch(() => {})));
    if (config.autostart ?? true) {
      daemon.servers.autostart((server, error) => server.log(`Autostart failed: ${error.message}`));
    }
    if (config.sftp) daemon.sftp = await daemon.startSftp(config.sftp);
    return daemon;
  }

  /** The port SFTP listens on, when it does. */
  get sftpPort(): number | undefined {
    return this.sftp?.port;
  }

  /** The SFTP sessions open now, when SFTP serves. */
  get sftpSessions(): number | undefined {
    return this.sftp?.sessionCount;
  }

  /**
   * Ends the open SFTP sessions of one user on one server, or on every server of this node when
   * serverId is left out: their permission was taken away, they logged out or changed password.
   */
  closeSftpSessions(userId: string, serverId?: string, keyId?: string): number {
    return (
      this.sftp?.closeSessions(
        (session) => session.userId === userId && (serverId === undefined || session.serverId === serverId) && (keyId === undefined || session.keyId === keyId),
      ) ?? 0
    );
  }

  private startSftp(sftp: DaemonSftpConfig): Promise<SftpServer> {
    return startSftpServer({
      host: sftp.host,
      port: sftp.port,
      hostKeyPath: sftp.hostKeyPath,
      logger: this.config.logger,
      authenticate: (username, password, remoteAddress) => this.grantSftpLogin(sftp.check, username, { password }, remoteAddress),
      authenticateKey: (username, key, remoteAddress) => this.grantSftpLogin(sftp.check, username, key, remoteAddress),
    });
  }

  /** Asks the panel (the node's `check`) about one SFTP login, by password or key, and opens the server's jail for it. */
  private async grantSftpLogin(
    check: SftpCheck,
    username: string,
    credential: { password: string } | { publicKey: string; probe: boolean },
    remoteAddress: string,
  ): Promise<SftpLogin | null> {
    // The login is `{email}|{serverId}`; the email itself may hold no '|'.
    const cut = username.lastIndexOf('|');
    const email = username.slice(0, cut);
    const serverId = username.slice(cut + 1);
    if (cut <= 0 || !isServerId(serverId) || !this.servers.has(serverId)) return null;
    const grant = await check({ email, serverId, remoteAddress, ...credential });
    if (!grant) return null;
    // Its file changes are the login's user's, from the client's address (the activity log's file events).
    const actor = { type: 'user' as const, id: grant.userId, name: email };
    const onChange = ({ event, ...data }: SftpChange) => this.report({ event, server: serverId, actor, ip: remoteAddress, data } as NodeEvent);
    const files = this.servers.get(serverId).files;
    return { files, canWrite: grant.canWrite, sessionKey: sessionKey(grant.userId, serverId), userId: grant.userId, serverId, keyId: grant.keyId, onChange };
  }

  /** An event of a server's life: into the journal the panel reads, and to the in-process hook. */
  private report(event: NodeEvent): void {
    this.events.append(event);
    this.config.onEvent?.(event);
  }

  /**
   * Takes a new secret: saved first (so a restart keeps it), then used at once, so tokens signed
   * with the old one are refused from the next request on. Sockets already open stay open.
   */
  async setSecret(secret: string): Promise<void> {
    await this.config.saveSecret?.(secret);
    this.config.secret = secret;
  }

  /** Fastify plugin with the daemon's routes under /daemon/. */
  get routes(): (app: FastifyInstance) => Promise<void> {
    return (app) => daemonRoutes(app, this);
  }

  /** Stops every server (kill after the grace period); safe to call twice. */
  close(): Promise<void> {
    // The panel's read waiting for an event is answered now, not after its wait.
    this.events.close();
    this.closing ??= Promise.all([this.backups.close(), this.servers.shutdown(), this.sftp?.close(), this.disk.close(), this.samples.close()]).then(() => {
      for (const server of this.servers.list()) server.files.close();
    });
    return this.closing;
  }
}

/** OUTPOST_SERVER_UID_BASE, when set: a uid at or above 1000 (below are the system's own accounts). */
function uidBaseFromEnv(): number | undefined {
  const text = process.env.OUTPOST_SERVER_UID_BASE;
  if (!text) return undefined;
  const base = Number(text);
  if (!Number.isInteger(base) || base < 1000 || base >= 2 ** 31 - 1) {
    throw new Error(`OUTPOST_SERVER_UID_BASE must be a whole number from 1000 up, not ${JSON.stringify(text)}`);
  }
  return base;
}

function sessionKey(userId: string, serverId: string): string {
  return `${userId}|${serverId}`;
}
