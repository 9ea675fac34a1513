import type { FastifyRequest } from 'fastify';
import { endSftpSessions } from './endSftpSessions.js';
import { restrictUserTasks } from './restrictUserTasks.js';

/**
 * Signs a user out everywhere (sessions, their OAuth2 clients' tokens, live connections, SFTP
 * sessions on every node), keeping `keep`, the session in hand, when it is theirs, and narrows
 * the tasks they saved to what they hold now (nothing, once deleted). The panel asks the nodes
 * as that user ending their own sessions: the caller's right to do so was checked by the route
 * (users.edit over this user).
 */
export async function endUserAccess(request: FastifyRequest, userId: number, keep?: string): Promise<void> {
  const { repo, sockets } = request.server.panel;
  await repo.sessions.deleteForUser(userId, keep);
  sockets.closeForUser(userId, keep);
  await endSftpSessions(request, { user: String(userId), scopes: [] }, userId);
  await restrictUserTasks(request, userId);
}
