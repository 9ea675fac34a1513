import { grants, serverActionScopes } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { scopesForServer } from './policy.js';

/** A granted SFTP login: which server folder, for whom, and whether it may change files. */
export interface SftpGrant {
  serverId: string;
  userId: number;
  canWrite: boolean;
}

/**
 * Checks an SFTP login for a daemon: the username is "{email}|{serverId}", the password the
 * account's. Granted to admins and to holders of sftpServer on that server; canWrite needs
 * putServerFiles (or admin). Anything else, including an unknown server, answers null.
 */
export async function authenticateSftp(repo: Repositories, username: string, password: string, nodeId?: number): Promise<SftpGrant | null> {
  const bar = username.lastIndexOf('|');
  if (bar < 1 || username.length > 400 || password.length > 1024) return null;
  const email = username.slice(0, bar);
  const serverId = username.slice(bar + 1);
  const user = await repo.users.byEmail(email);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(user.password_hash, password))) return null;
  const server = await repo.servers.byId(serverId);
  // A node may only hear about its own servers.
  if (!server || (nodeId !== undefined && server.node_id !== nodeId)) return null;
  const scopes = await scopesForServer(repo, user.id, serverId);
  if (!grants(scopes, serverActionScopes.sftp)) return null;
  return { serverId, userId: user.id, canWrite: grants(scopes, serverActionScopes.sftpWrite) };
}
