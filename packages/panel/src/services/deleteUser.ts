import type { FastifyRequest } from 'fastify';
import { endAccess } from './access/endAccess.js';
import { lastAdminError } from './policy/panelRank.js';

/**
 * Deletes an account, never the last administrator (ErrLastAdmin). The row's removal takes its
 * sessions, OAuth2 clients (and their tokens), permissions and settings with it (foreign keys with
 * ON DELETE CASCADE, on every dialect); then its live connections and SFTP sessions end.
 */
export async function deleteUser(request: FastifyRequest, userId: number): Promise<void> {
  if (!(await request.server.panel.repo.users.deleteKeepingAdmin(userId))) throw lastAdminError(userId);
  await endAccess(request, { ended: 'account', userId });
}
