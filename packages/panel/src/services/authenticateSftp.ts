import { grants, serverActionScopes } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { checkCredentials } from './checkCredentials.js';
import type { FailedLogins } from './failedLogins.js';
import { normaliseEmail } from './normaliseEmail.js';
import { scopesForServer } from './policy/policy.js';

/** A granted SFTP login: which server folder, for whom, and whether it may change files. */
export interface SftpGrant {
  serverId: string;
  userId: number;
  canWrite: boolean;
}

export interface SftpLoginOrigin {
  /** The node that asks: it may only hear about its own servers. */
  nodeId?: number;
  /**
   * Counts the password check against the account from `client` (the same budget as web logins),
   * and against the account over every address nodes report and against the node.
   */
  failedLogins?: FailedLogins;
  /** The SSH client's address as the node saw it (or a stand-in naming the node). */
  client?: string;
}

/**
 * Checks an SFTP login for a daemon: the username is "{email}|{serverId}", the password the
 * account's. Granted to admins and to holders of sftpServer on that server; canWrite needs
 * putServerFiles (or admin). Anything else, including an unknown server, answers null; too many
 * failures for the account from this address, for the account over all nodes' reports, or
 * reported by this node throw 429 before any password is checked.
 */
export async function authenticateSftp(repo: Repositories, username: string, password: string, origin: SftpLoginOrigin = {}): Promise<SftpGrant | null> {
  const bar = username.lastIndexOf('|');
  if (bar < 1 || username.length > 400 || password.length > 1024) return null;
  const email = username.slice(0, bar);
  const serverId = username.slice(bar + 1);
  const check = (rank = 0) => checkCredentials(repo, email, password, rank);
  const from = { client: origin.client ?? 'unknown', node: origin.nodeId };
  const user = origin.failedLogins ? await origin.failedLogins.guard(from, normaliseEmail(email), check) : await check();
  if (!user) return null;
  return grantSftp(repo, user.id, serverId, origin.nodeId);
}

/**
 * What an account whose password or key checked out may do over SFTP on `serverId` (asked by
 * `nodeId`): admins and holders of sftpServer get in, writing with putServerFiles; null otherwise.
 */
export async function grantSftp(repo: Repositories, userId: number, serverId: string, nodeId: number | undefined): Promise<SftpGrant | null> {
  const server = await repo.servers.byId(serverId);
  // A node may only hear about its own servers.
  if (!server || (nodeId !== undefined && server.node_id !== nodeId)) return null;
  const scopes = await scopesForServer(repo, userId, serverId);
  if (!grants(scopes, serverActionScopes.sftp)) return null;
  return { serverId, userId, canWrite: grants(scopes, serverActionScopes.sftpWrite) };
}
