import type { FastifyInstance } from 'fastify';
import { grants, OutpostError, serverActionScopes as need } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';

type IdParams = { Params: { id: string } };

/** Creating, deleting and describing servers: definition, data, status, stats, reload. */
export function serverRoutes(app: FastifyInstance, daemon: Daemon): void {
  const { servers } = daemon;

  app.put<IdParams>('/daemon/server/:id', { config: { scope: need.create } }, async (request, reply) => {
    await servers.create(request.params.id, request.body);
    return reply.status(204).send();
  });

  app.delete<IdParams>(
    '/daemon/server/:id',
    { config: { scope: need.delete } },
    async (request, reply) => {
      await servers.delete(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get<IdParams>('/daemon/server/:id/definition', { config: { scope: need.definitionView } }, async (request) => {
    return servers.get(request.params.id).definition;
  });

  app.post<IdParams>('/daemon/server/:id/definition', { config: { scope: need.definitionEdit } }, async (request, reply) => {
    await servers.putDefinition(request.params.id, request.body);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/data', { config: { scope: need.dataView } }, async (request) => {
    return { data: servers.getData(request.params.id) };
  });

  app.post<IdParams & { Body: { data?: Record<string, unknown> } }>(
    '/daemon/server/:id/data',
    { config: { scope: need.dataEdit } },
    async (request, reply) => {
      const data = request.body?.data;
      if (!data || typeof data !== 'object') throw new OutpostError('ErrFieldRequired', 'data is required', { field: 'data' });
      await servers.putData(request.params.id, data, grants(request.nodeToken!.scopes, need.adminVariables));
      return reply.status(204).send();
    },
  );

  app.post<IdParams>('/daemon/server/:id/reload', { config: { scope: need.reload } }, async (request, reply) => {
    await servers.reload(request.params.id);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/status', { config: { scope: need.status } }, async (request) => {
    return { running: servers.get(request.params.id).running };
  });

  app.get<IdParams>('/daemon/server/:id/stats', { config: { scope: need.stats } }, async (request) => {
    return servers.get(request.params.id).stats();
  });
}
