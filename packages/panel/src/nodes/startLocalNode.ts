import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Daemon, placeServerFolders, type DaemonConfig, type ServerFoldersPlace } from '@outpost/daemon';
import { SYSTEM_ACTOR, type ActivityEvent } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { emitSftpLogin } from '../services/activity/sftpEvents.js';
import { authenticateSftp } from '../services/authenticateSftp.js';
import { panelOutboundOptions } from '../services/panelOutbound.js';
import { checkSftpKeyLogin } from '../services/sshKeys/checkSftpKeyLogin.js';

export interface LocalNode {
  daemon: Daemon;
  /** Where the server folders are, and what to say when that is not beside the definitions. */
  serverFolders: ServerFoldersPlace;
  /** Detaches the node from the panel and stops its servers cleanly. */
  stop(): Promise<void>;
}

/**
 * Opens the local node's daemon in this process (servers in <dataDir>/servers, id and secret
 * from the local node row) and hands the panel its in-process client.
 */
export async function startLocalNode(app: FastifyInstance, options: Partial<DaemonConfig> = {}): Promise<LocalNode> {
  const { repo, config, nodes, activity } = app.panel;
  const row = await repo.nodes.local();
  if (!row) throw new Error('the local node is missing: the panel adds it on first start');
  // Under a root daemon each server runs as a user of its own, which must pass through the data
  // folder to reach its own, but not list it (the database and the host key in it are 0600).
  if (process.getuid?.() === 0) {
    await mkdir(config.dataDir, { recursive: true });
    await chmod(config.dataDir, 0o711);
  }
  const serversDir = options.serversDir ?? join(config.dataDir, 'servers');
  // A data folder inside one closed to others (a clone under /root) sends the server folders elsewhere.
  const serverFolders = options.dataDir ? { folder: options.dataDir } : await placeServerFolders(serversDir);
  const daemon = await Daemon.open({
    nodeId: String(row.id),
    secret: row.secret,
    serversDir,
    dataDir: serverFolders.folder,
    logger: app.log,
    // In-process, the node's own events go straight to the activity log; a remote node's are read from its journal (NodeEventFeeds).
    onEvent: ({ actor, ...event }) => activity.emit({ ...event, actor: actor ?? SYSTEM_ACTOR } as ActivityEvent),
    // Its download steps run for the panel's users: the panel's setting decides which private ranges they reach.
    outbound: panelOutboundOptions(repo),
    sftp: {
      port: config.sftpPort,
      hostKeyPath: join(config.dataDir, 'sftp_host_ed25519'),
      // The local node asks the panel in-process; a remote one over HTTP (cli/src/daemon.ts).
      async check({ email, serverId, password, publicKey, probe = false, remoteAddress }) {
        const username = `${email}|${serverId}`;
        if (publicKey !== undefined) {
          const grant = await checkSftpKeyLogin(app.panel, { username, publicKey, probe, nodeId: row.id, ip: remoteAddress });
          return grant && { canWrite: grant.canWrite, userId: String(grant.userId), keyId: String(grant.keyId) };
        }
        const grant = await authenticateSftp(repo, username, password ?? '', { nodeId: row.id, failedLogins: app.panel.failedLogins, client: remoteAddress });
        emitSftpLogin(activity, { username, userId: grant?.userId, ip: remoteAddress });
        return grant && { canWrite: grant.canWrite, userId: String(grant.userId) };
      },
    },
    ...options,
  });
  // The SFTP info users see must name the port SFTP really listens on (config may say 0: any).
  if (daemon.sftpPort !== undefined && daemon.sftpPort !== row.sftp_port) await repo.nodes.update(row.id, { sftp_port: daemon.sftpPort });
  nodes.attachLocal(daemon.api);
  // The node list should say so now, not at the next round of checks.
  await app.panel.nodeHealth.check(row);
  return {
    daemon,
    serverFolders,
    async stop() {
      nodes.attachLocal(undefined);
      await app.panel.nodeHealth.check(row);
      await daemon.close();
    },
  };
}
