import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { AnyNodeToken, callerOf } from './authorize.js';

type Query = { Querystring: { user: string } };

/**
 * DELETE /daemon/server/{id}/sftp?user= ends a user's SFTP sessions on one server; DELETE
 * /daemon/sftp?user= (with a token naming no server) on every server of this node. Any token
 * for this node passes the hook: a user may always end their own sessions, and the NodeApi call
 * decides the rest.
 */
export function sftpRoutes(app: FastifyInstance, { api }: Daemon): void {
  const anyToken = { scope: AnyNodeToken } as const;

  app.delete<Query & { Params: { id: string } }>('/daemon/server/:id/sftp', { schema: route['DELETE /daemon/server/:id/sftp'], config: anyToken }, async (request, reply) => {
    await api.endSftpSessions(callerOf(request), request.query.user, request.params.id);
    return reply.status(204).send();
  });

  app.delete<Query>('/daemon/sftp', { schema: route['DELETE /daemon/sftp'], config: anyToken }, async (request, reply) => {
    await api.endSftpSessions(callerOf(request), request.query.user);
    return reply.status(204).send();
  });
}
