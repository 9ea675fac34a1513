import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, serverActionScopes as need } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { AnyNodeToken, callerOf } from './authorize.js';

/**
 * The node itself, with tokens that name no server: GET /daemon/node (any valid token: a token
 * signed with the right secret is the health check) and PUT /daemon/secret (nodes.deploy).
 */
export function nodeRoutes(app: FastifyInstance, { api }: Daemon): void {
  app.get('/daemon/node', { schema: route['GET /daemon/node'], config: { scope: AnyNodeToken } }, async (request) => api.nodeInfo(callerOf(request)));

  app.put<{ Body: { secret: string } }>('/daemon/secret', { schema: route['PUT /daemon/secret'], config: { scope: need.nodeSecret } }, async (request, reply) => {
    await api.setSecret(callerOf(request), request.body.secret);
    return reply.status(204).send();
  });
}
