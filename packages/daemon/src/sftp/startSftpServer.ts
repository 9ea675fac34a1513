import type { AddressInfo } from 'node:net';
import ssh2, { type Connection } from 'ssh2';
import { serverFilesFor } from '../files/serverFilesFor.js';
import { DefaultLoginLimits, LoginLimiter, type LoginLimits } from './LoginLimiter.js';
import { loadOrCreateHostKey } from './hostKey.js';
import { SftpSession } from './SftpSession.js';

/** What a good login grants: the server folder it is jailed to and whether it may change files. */
export interface SftpLogin {
  root: string;
  canWrite: boolean;
  /** Groups sessions for closeSessions, e.g. "{userId}|{serverId}". */
  sessionKey?: string;
}

/** One open SSH connection, as closeSessions sees it. */
export interface SftpSessionInfo {
  username: string;
  remoteAddress: string;
  sessionKey?: string;
}

export interface SftpServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Where the host key is kept; made on first start. */
  hostKeyPath: string;
  /** Checks a login ({email}|{serverId} and the account password); null refuses it. */
  authenticate: (username: string, password: string, remoteAddress: string) => Promise<SftpLogin | null>;
  log?: (message: string, details?: Record<string, unknown>) => void;
  limits?: Partial<LoginLimits>;
  /** A refused password is answered no sooner than this, whatever the reason (ms). */
  failureDelayMs?: number;
}

export interface SftpServer {
  port: number;
  /** Ends the sessions the predicate picks (a permission was taken away); answers how many. */
  closeSessions(predicate: (session: SftpSessionInfo) => boolean): number;
  close(): Promise<void>;
}

/**
 * The node's SFTP server: password logins checked by the caller, rate-limited per address and
 * per account, each session jailed to its server folder. Shells, exec and forwarding are refused
 * (ssh2 rejects requests nobody listens for).
 */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const hostKey = await loadOrCreateHostKey(options.hostKeyPath);
  const limiter = new LoginLimiter({ ...DefaultLoginLimits, ...options.limits });
  const failureDelayMs = options.failureDelayMs ?? 400;
  const log = options.log ?? (() => {});
  const sessions = new Map<Connection, SftpSessionInfo>();
  const connections = new Set<Connection>();

  const server = new ssh2.Server({ hostKeys: [hostKey], ident: 'Outpost' }, (client, info) => {
    const remoteAddress = info.ip;
    connections.add(client);
    let login: SftpLogin | undefined;
    let username = '';
    client.on('error', (error) => log('sftp connection error', { remoteAddress, error: error.message }));

    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      const started = Date.now();
      const keys = [`address:${remoteAddress}`, `account:${ctx.username.toLowerCase()}`];
      // One answer for every refusal, after the same delay: a failure tells nothing about the account.
      const refuse = () => setTimeout(() => ctx.reject(['password']), Math.max(0, started + failureDelayMs - Date.now()));
      if (limiter.isBlocked(keys)) {
        log('sftp login refused: too many failures', { remoteAddress, username: ctx.username });
        return refuse();
      }
      options
        .authenticate(ctx.username, ctx.password, remoteAddress)
        .then((granted) => {
          if (!granted) {
            limiter.fail(keys);
            log('sftp login failed', { remoteAddress, username: ctx.username });
            return refuse();
          }
          limiter.succeed(keys.slice(1));
          login = granted;
          username = ctx.username;
          ctx.accept();
        })
        .catch((error: unknown) => {
          log('sftp authenticate failed', { remoteAddress, error: String(error) });
          refuse();
        });
    });

    client.on('ready', () => {
      const granted = login!;
      sessions.set(client, { username, remoteAddress, sessionKey: granted.sessionKey });
      const files = serverFilesFor(granted.root);
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => new SftpSession(acceptSftp(), files, granted.canWrite));
      });
    });
    client.on('close', () => {
      sessions.delete(client);
      connections.delete(client);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error: Error) => log('sftp server error', { error: error.message }));

  return {
    port: (server.address() as AddressInfo).port,
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
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
