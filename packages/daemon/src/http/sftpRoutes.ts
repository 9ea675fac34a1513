import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OutpostError } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { requireSftpEnder } from '../sftp/requireSftpEnder.js';
import { AnyNodeToken } from './authorize.js';

type Query = { Querystring: { user?: string } };

function userOf(request: FastifyRequest<Query>): string {
  const user = request.query.user;
  if (typeof user !== 'string' || user === '' || user.length > 64) throw new OutpostError('ErrFieldRequired', 'user is required', { field: 'user' });
  return user;
}

/**
 * DELETE /daemon/server/{id}/sftp?user= ends a user's SFTP sessions on one server; DELETE
 * /daemon/sftp?user= (with a token naming no server) on every server of this node. Any token
 * for this node passes the hook: a user may always end their own sessions, and requireSftpEnder
 * decides the rest.
 */
export function sftpRoutes(app: FastifyInstance, daemon: Daemon): void {
  const anyToken = { scope: AnyNodeToken } as const;

  app.delete<Query & { Params: { id: string } }>('/daemon/server/:id/sftp', { config: anyToken }, async (request, reply) => {
    const user = userOf(request);
    requireSftpEnder(request.nodeToken!, user, request.params.id);
    daemon.servers.get(request.params.id);
    daemon.closeSftpSessions(user, request.params.id);
    return reply.status(204).send();
  });

  app.delete<Query>('/daemon/sftp', { config: anyToken }, async (request, reply) => {
    const user = userOf(request);
    requireSftpEnder(request.nodeToken!, user, undefined);
    daemon.closeSftpSessions(user);
    return reply.status(204).send();
  });
}
