import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Daemon, parseAllowedTargets, parseNodeLimits, placeServerFolders, signNodeToken, NODE_TOKEN_TTL_SECONDS, type NodeLimitsConfig } from '@outpost/daemon';
import type { SftpAuthRequest, SftpAuthResponse } from '@outpost/shared';
import Fastify from 'fastify';
import { readOptions } from './args.js';
import { keepFreedMemory } from './keepFreedMemory.js';
import { sftpLogger } from './sftpLogger.js';
import { stopOnSignals } from './stopOnSignals.js';

/** The file `outpost daemon` reads: a node's deployment information (GET /api/nodes/{id}/deployment), plus where data lives. */
export interface DaemonFile {
  nodeId: number | string;
  secret: string;
  panelUrl: string;
  publicHost?: string;
  publicPort?: number;
  privateHost?: string;
  privatePort: number;
  sftpPort?: number;
  /**
   * Where server definitions and folders live (default ./data/servers next to the file); the
   * folders go to /var/lib/outpost instead when a folder above is closed to others (placeServerFolders).
   */
  dataDir?: string;
  /** Address to listen on (default 0.0.0.0). */
  listenHost?: string;
  /**
   * Mirrors for the download steps, each an http(s) base URL: mojangManifest, fabricInstallers,
   * forgeMaven, forgePromotions, spongeApi, adoptiumApi (defaults: the vendors' own).
   */
  downloadSources?: Record<string, string>;
  /**
   * Private address ranges (comma-separated CIDR, e.g. "10.0.0.0/8") the download steps may
   * fetch from, such as a mirror on the LAN; default none: loopback, link-local and private are refused.
   */
  allowPrivateTargets?: string;
  /**
   * Server limits on this node (memory and disk MiB, cpu percent of one core, processes; 0
   * unlimited): `defaults` for what a server leaves out, `max` over anything above it.
   */
  limits?: NodeLimitsConfig;
}

export const DAEMON_CONFIG_ENV = 'OUTPOST_DAEMON_CONFIG';

/** Reads and checks the daemon file: --config, then OUTPOST_DAEMON_CONFIG, then ./daemon.json. */
export function loadDaemonFile(path: string): DaemonFile {
  if (!existsSync(path)) throw new Error(`daemon config ${path} does not exist: save the node's deployment information there`);
  let file: DaemonFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as DaemonFile;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  for (const key of ['nodeId', 'secret', 'panelUrl', 'privatePort'] as const) {
    if (file[key] === undefined || file[key] === '') throw new Error(`${path}: ${key} is required`);
  }
  if (file.allowPrivateTargets !== undefined) {
    try {
      parseAllowedTargets(String(file.allowPrivateTargets));
    } catch (error) {
      throw new Error(`${path}: allowPrivateTargets: ${(error as Error).message}`, { cause: error });
    }
  }
  if (file.limits !== undefined) {
    try {
      parseNodeLimits(file.limits);
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
  }
  // It holds the node secret: no server program (each runs as a user of its own) may read it.
  if (process.getuid?.() === 0 && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return file;
}

/**
 * Writes a new secret into the daemon file, as a temp file renamed over it (0600: it holds the
 * secret), keeping every other key as it was. The panel pushes the secret when it rotates it.
 */
export async function saveDaemonSecret(path: string, file: DaemonFile, secret: string): Promise<void> {
  const current = JSON.parse(readFileSync(path, 'utf8')) as DaemonFile;
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ ...current, secret }, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, path);
  // The SFTP login checks sign their tokens with it too.
  file.secret = secret;
}

/**
 * Asks the panel whether an SFTP login may in (POST /api/nodes/sftp/authenticate with a node
 * token), with the password or with a public key whose signature the SFTP server checked;
 * answers the grant, or null when refused. For the daemon's SFTP server.
 */
export async function askPanelForSftpLogin(
  file: DaemonFile,
  username: string,
  credential: string | { publicKey: string; probe: boolean },
  remoteAddress?: string,
): Promise<SftpAuthResponse | null> {
  const exp = Math.floor(Date.now() / 1000) + NODE_TOKEN_TTL_SECONDS;
  const token = signNodeToken(file.secret, { node: String(file.nodeId), user: 'sftp', server: 'sftp', scopes: [], exp });
  const response = await fetch(`${file.panelUrl.replace(/\/+$/, '')}/api/nodes/sftp/authenticate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    // The client's address: the panel counts failed passwords per account and address.
    body: JSON.stringify({ username, ...(typeof credential === 'string' ? { password: credential } : credential), remoteAddress } satisfies SftpAuthRequest),
    signal: AbortSignal.timeout(10_000),
  });
  // 429: too many failures for this account from this address; refused like a wrong password.
  if (response.status === 400 || response.status === 429) return null;
  if (!response.ok) throw new Error(`panel answered ${response.status} to an SFTP login check`);
  return (await response.json()) as SftpAuthResponse;
}

/** `outpost daemon [--config <file>]`: a daemon alone, for a remote node; stops its servers cleanly on SIGINT/SIGTERM. */
export async function daemon(argv: string[]): Promise<void> {
  keepFreedMemory();
  const options = readOptions(argv, { config: { type: 'string' } });
  const path = resolve(String(options.config || process.env[DAEMON_CONFIG_ENV] || 'daemon.json'));
  const file = loadDaemonFile(path);
  const dataDir = resolve(path, '..', file.dataDir ?? 'data/servers');
  // A daemon file in a folder closed to others (as mktemp -d makes) sends the server folders elsewhere.
  const serverFolders = await placeServerFolders(dataDir);
  const stopWith = stopOnSignals('the daemon');
  const app = Fastify({ logger: { level: process.env.OUTPOST_LOG_LEVEL || 'warn' } });
  const node = await Daemon.open({
    nodeId: String(file.nodeId),
    secret: file.secret,
    serversDir: dataDir,
    dataDir: serverFolders.folder,
    downloadSources: file.downloadSources,
    limits: file.limits,
    outbound: { allowed: () => String(file.allowPrivateTargets ?? ''), allowedIn: `allowPrivateTargets of ${path}` },
    sftp: {
      port: file.sftpPort ?? 5657,
      hostKeyPath: resolve(path, '..', 'sftp_host_ed25519'),
      async check({ email, serverId, password, publicKey, probe = false, remoteAddress }) {
        const grant = await askPanelForSftpLogin(file, `${email}|${serverId}`, publicKey === undefined ? (password ?? '') : { publicKey, probe }, remoteAddress);
        return grant && { canWrite: grant.canWrite, userId: String(grant.userId), keyId: grant.keyId === undefined ? undefined : String(grant.keyId) };
      },
    },
    logger: sftpLogger(app.log),
    saveSecret: (secret) => saveDaemonSecret(path, file, secret),
  });
  await app.register(node.routes);
  await app.listen({ port: file.privatePort, host: file.listenHost ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : file.privatePort;
  console.log(`Outpost daemon for node ${file.nodeId} is listening on port ${port}, SFTP on ${node.sftpPort}; servers in ${dataDir}`);
  if (serverFolders.notice) console.log(serverFolders.notice);
  stopWith(async () => {
    await node.close();
    await app.close();
  });
}
