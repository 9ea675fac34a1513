import { Scopes } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import { closeSockets } from './closeSockets.js';
import { endSftpSessions } from './endSftpSessions.js';
import { restrictUserTasks } from './restrictUserTasks.js';

/**
 * What ended, as the route that ended it knows it. Every way access ends in the panel is one of
 * these (a new one becomes one more), so what goes with each is
 * decided here once: which sessions end, which live connections close (on every panel sharing
 * the database: closeSockets), which SFTP logins end (asked of the nodes once), whether the tasks a
 * user saved are narrowed.
 */
export type AccessEnded =
  /** A sign-out of these tokens: each session ends with what it opened, and a person's SFTP logins with it (a client's token opened none). */
  | { ended: 'signOut'; tokenHashes: readonly string[] }
  /** A session is replaced by a fresh one (`by`, a reauth): it ends, and what it opened stays open as the new one's, so signing that out closes it. */
  | { ended: 'replaced'; tokenHash: string; by: string }
  /** A new password (changed or reset): every session and SFTP login the old one opened ends, but `keep`, the session in hand. */
  | { ended: 'password'; userId: number; keep?: string }
  /** The account is deleted (its rows went with it): all it had open ends, and its tasks hold nothing. */
  | { ended: 'account'; userId: number }
  /** Panel scopes were taken (`lost`): an administrator's reach over every server ends; the tasks they saved are narrowed. */
  | { ended: 'panelScopes'; userId: number; lost: readonly string[] }
  /** Their permissions on one server changed or were taken: what they had open there ends, and their tasks there are narrowed. */
  | { ended: 'serverScopes'; userId: number; serverId: string }
  /** An SSH key is removed from the account: the SFTP sessions it opened end, on every node. */
  | { ended: 'sshKey'; userId: number; keyId: number }
  /** An OAuth2 client is deleted, with its tokens: what the tokens opened ends. */
  | { ended: 'client'; clientId: string }
  /**
   * A server is about to be deleted: everyone's connections to it and SFTP logins on it end.
   * Called before its node deletes it, since a node names SFTP logins only on servers it has.
   */
  | { ended: 'server'; serverId: string };

/**
 * Ends what `what` took away, at once: the sessions it names, the live connections (server
 * sockets, server lists) and SFTP logins opened with them. The route checked the caller's right
 * to take it away; the panel asks each node as the user ending their own logins (a node allows
 * that to anyone, as it only narrows). A node that does not answer is logged, not waited on.
 */
export async function endAccess(request: FastifyRequest, what: AccessEnded): Promise<void> {
  const { repo, sockets, cluster } = request.server.panel;
  const close = (closing: Parameters<typeof closeSockets>[2]) => closeSockets(sockets, cluster.bus, closing);
  let closed = 0;
  switch (what.ended) {
    case 'signOut':
      for (const tokenHash of what.tokenHashes) {
        const session = await repo.sessions.byHash(tokenHash);
        await repo.sessions.delete(tokenHash);
        closed += await close({ sessions: [tokenHash] });
        if (session && session.clientId === null) await endSftpSessions(request, session.userId);
      }
      break;
    case 'replaced':
      await repo.sessions.delete(what.tokenHash);
      await close({ move: what.tokenHash, to: what.by });
      break;
    case 'password':
    case 'account':
      await repo.sessions.deleteForUser(what.userId, what.ended === 'password' ? what.keep : undefined);
      closed = await close({ user: what.userId, keep: what.ended === 'password' ? what.keep : undefined });
      await endSftpSessions(request, what.userId);
      if (what.ended === 'account') await restrictUserTasks(request, what.userId);
      break;
    case 'panelScopes':
      // Only the administrator's scope reaches servers: whatever else they hold on one is checked again when they reconnect.
      if (what.lost.includes(Scopes.ServersAdmin)) {
        closed = await close({ user: what.userId });
        await endSftpSessions(request, what.userId);
      }
      // The tasks they saved carry what they held (servers.edit.admin for steps): now no more than they hold.
      if (what.lost.length > 0) await restrictUserTasks(request, what.userId);
      break;
    case 'serverScopes':
      closed = await close({ server: what.serverId, user: what.userId });
      await endSftpSessions(request, what.userId, what.serverId);
      await restrictUserTasks(request, what.userId, what.serverId);
      break;
    case 'sshKey':
      await endSftpSessions(request, what.userId, undefined, what.keyId);
      break;
    case 'client':
      closed = await close({ sessions: await repo.oauthClients.delete(what.clientId) });
      break;
    case 'server': {
      closed = await close({ server: what.serverId });
      // Whoever may log in over SFTP there: its users, and every administrator.
      const holders = new Set([...(await repo.permissions.usersOfServer(what.serverId)), ...(await repo.permissions.usersHolding(Scopes.ServersAdmin))]);
      await Promise.all([...holders].map((userId) => endSftpSessions(request, userId, what.serverId)));
      // Its stats history: the hour held in memory here; the rows written go with its servers row.
      request.server.panel.metrics.collector.forget(what.serverId);
      break;
    }
  }
  // Ids only: a token's hash stays out of the log.
  const { ended } = what;
  request.log.info({ ended, userId: 'userId' in what ? what.userId : undefined, serverId: 'serverId' in what ? what.serverId : undefined, socketsClosed: closed }, 'access ended');
}
