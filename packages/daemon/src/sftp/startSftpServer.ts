import { createServer, type AddressInfo } from 'node:net';
import type { BaseLogger } from 'pino';
import ssh2, { type Connection } from 'ssh2';
import type { ServerFiles } from '../files/ServerFiles.js';
import { DefaultLoginLimits, LoginLimiter, type LoginLimits } from './LoginLimiter.js';
import { coalesceWrites } from './coalesceWrites.js';
import { loadOrCreateHostKey } from './hostKey.js';
import { SftpSession, type SftpChange } from './SftpSession.js';

/** Where SFTP events go (the daemon's pino logger, or the panel's): logins, session ends, refusals; never a password. */
export type SftpLogger = Pick<BaseLogger, 'info' | 'warn'>;
const silent: SftpLogger = { info: () => {}, warn: () => {} };

/** What a good login grants: the server's jail (its files) and whether it may change files. */
export interface SftpLogin {
  files: ServerFiles;
  canWrite: boolean;
  /** Groups sessions for closeSessions, e.g. "{userId}|{serverId}". */
  sessionKey?: string;
  /** Whose session and for which server, so it can be ended when their access ends. */
  userId?: string;
  serverId?: string;
  /** The SSH key that opened it (the panel's id), so the key's removal ends it. */
  keyId?: string;
  /** Told of each change the session makes to the files (the activity log's file events). */
  onChange?: (change: SftpChange) => void;
}

/** One open SSH connection, as closeSessions sees it. */
export interface SftpSessionInfo {
  username: string;
  remoteAddress: string;
  sessionKey?: string;
  userId?: string;
  serverId?: string;
  keyId?: string;
}

export interface SftpServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Where the host key is kept; made on first start. */
  hostKeyPath: string;
  /** Checks a login ({email}|{serverId} and the account password); null refuses it. */
  authenticate: (username: string, password: string, remoteAddress: string) => Promise<SftpLogin | null>;
  /**
   * Checks a login with a public key (`{type} {base64}`), whose signature this server checked;
   * `probe` when the client only asks whether the key would do. Without it, keys are refused.
   */
  authenticateKey?: (username: string, key: { publicKey: string; probe: boolean }, remoteAddress: string) => Promise<SftpLogin | null>;
  logger?: SftpLogger;
  limits?: Partial<LoginLimits>;
  /** A refused password or key is answered no sooner than this, whatever the reason (ms). */
  failureDelayMs?: number;
}

export interface SftpServer {
  port: number;
  /** The logged-in sessions open now (the panel's outpost_sftp_sessions, through the node's health answer). */
  readonly sessionCount: number;
  /** Ends the sessions the predicate picks (a permission was taken away); answers how many. */
  closeSessions(predicate: (session: SftpSessionInfo) => boolean): number;
  close(): Promise<void>;
}

/**
 * The node's SFTP server: password and public key logins checked by the caller (a key's signature
 * here), rate-limited per address and per account, each session jailed to its server folder. Shells, exec and forwarding are refused
 * (ssh2 rejects requests nobody listens for).
 */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const hostKey = await loadOrCreateHostKey(options.hostKeyPath);
  const limiter = new LoginLimiter({ ...DefaultLoginLimits, ...options.limits });
  const failureDelayMs = options.failureDelayMs ?? 400;
  const logger = options.logger ?? silent;
  const sessions = new Map<Connection, SftpSessionInfo>();
  const connections = new Set<Connection>();

  const server = new ssh2.Server({ hostKeys: [hostKey], ident: 'Outpost' }, (client, info) => {
    const remoteAddress = info.ip;
    connections.add(client);
    let login: SftpLogin | undefined;
    let username = '';
    // Closed before the panel answered: the late grant must not register a dead connection.
    let ended = false;
    client.on('error', (error) => logger.warn({ remoteAddress, error: error.message }, 'sftp connection error'));

    client.on('authentication', (ctx) => {
      const methods: ssh2.AuthenticationType[] = options.authenticateKey ? ['publickey', 'password'] : ['password'];
      if (ctx.method !== 'password' && (ctx.method !== 'publickey' || !options.authenticateKey)) return ctx.reject(methods);
      const started = Date.now();
      // The account is counted per address: a guesser elsewhere cannot lock its owner out.
      const accountKey = `account:${ctx.username.trim().toLowerCase()}|${remoteAddress}`;
      // One answer for every refusal, after the same delay: a failure tells nothing about the account.
      const refuse = () => setTimeout(() => ctx.reject(methods), Math.max(0, started + failureDelayMs - Date.now()));
      let check: () => Promise<SftpLogin | null>;
      let probe = false;
      const method = ctx.method;
      if (ctx.method === 'password') {
        const password = ctx.password;
        check = () => options.authenticate(ctx.username, password, remoteAddress);
      } else {
        // The key's owner proves it with a signature over this session; a client without one
        // (OpenSSH asks first) hears only whether the key would do, which the panel decides too.
        const key = ctx.key;
        probe = !ctx.signature;
        const parsed = ssh2.utils.parseKey(key.data);
        const signed = !probe && !(parsed instanceof Error) && parsed.verify(ctx.blob!, ctx.signature!, ctx.hashAlgo) === true;
        if (parsed instanceof Error || (!probe && !signed)) {
          check = async () => null;
        } else {
          const publicKey = `${parsed.type} ${key.data.toString('base64')}`;
          check = () => options.authenticateKey!(ctx.username, { publicKey, probe }, remoteAddress);
        }
      }
      // Counted before the password or key is checked, so parallel connections cannot outrun the limit.
      const attempt = limiter.begin([`address:${remoteAddress}`, accountKey]);
      if (!attempt) {
        logger.warn({ remoteAddress, username: ctx.username, method }, 'sftp login refused: too many failures');
        return refuse();
      }
      check()
        .then((granted) => {
          if (!granted) {
            attempt.fail();
            logger.warn({ remoteAddress, username: ctx.username, method }, 'sftp login failed');
            return refuse();
          }
          // A known key not yet signed for: no login yet, nothing counted either way.
          if (probe) {
            attempt.release();
            return ctx.accept();
          }
          attempt.succeed([accountKey]);
          if (ended) return;
          login = granted;
          username = ctx.username;
          logger.info({ remoteAddress, username, method, canWrite: granted.canWrite }, 'sftp login');
          // Registered from the moment it is accepted, so an access taken away during the
          // handshake still finds and ends it.
          sessions.set(client, { username, remoteAddress, sessionKey: granted.sessionKey, userId: granted.userId, serverId: granted.serverId, keyId: granted.keyId });
          ctx.accept();
        })
        .catch((error: unknown) => {
          attempt.release();
          logger.warn({ remoteAddress, username: ctx.username, method, error: String(error) }, 'sftp login check failed');
          refuse();
        });
    });

    client.on('ready', () => {
      const granted = login!;
      // Ended while it was still shaking hands: it gets no session.
      if (!sessions.has(client)) return client.end();
      const files = granted.files;
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const refused = (request: string, paths: string[]) => logger.warn({ remoteAddress, username, request, paths }, 'sftp operation refused');
          new SftpSession(sftp, files, granted.canWrite, refused, granted.onChange);
        });
      });
    });
    client.on('close', () => {
      ended = true;
      if (login) logger.info({ remoteAddress, username }, 'sftp session ended');
      sessions.delete(client);
      connections.delete(client);
    });
  });

  // The sockets are ours, handed to ssh2: without Nagle's algorithm, as answers are small packets
  // the client waits for (with it, each batch would sit out the client's delayed ACK, 40 ms), and
  // with one write per batch of answers.
  const listener = createServer({ noDelay: true }, (socket) => {
    coalesceWrites(socket);
    server.injectSocket(socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host ?? '0.0.0.0', () => {
      listener.off('error', reject);
      resolve();
    });
  });
  listener.on('error', (error: Error) => logger.warn({ error: error.message }, 'sftp server error'));

  return {
    port: (listener.address() as AddressInfo).port,
    get sessionCount() {
      return sessions.size;
    },
    // Ends the connection, not just the SFTP channel: the client cannot open another on it.
    closeSessions(predicate) {
      let closed = 0;
      for (const [client, session] of sessions) {
        if (!predicate(session)) continue;
        client.end();
        sessions.delete(client);
        closed++;
      }
      return closed;
    },
    close() {
      for (const client of connections) client.end();
      sessions.clear();
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}
