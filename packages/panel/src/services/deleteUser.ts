import type { FastifyRequest } from 'fastify';
import { endUserAccess } from './endUserAccess.js';

/**
 * Deletes an account. Its sessions, live connections and SFTP sessions end first; the row's
 * removal then takes its OAuth2 clients (and their tokens), permissions and settings with it
 * (foreign keys with ON DELETE CASCADE, on every dialect).
 */
export async function deleteUser(request: FastifyRequest, userId: number): Promise<void> {
  await endUserAccess(request, userId);
  await request.server.panel.repo.users.delete(userId);
}
