import type { FastifyInstance } from 'fastify';
import { serverActionScopes as need } from '@outpost/shared';
import type { ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { callerOf } from './authorize.js';

type IdParams = { Params: { id: string } };

/** Creating, deleting and describing servers: definition, data, status, stats, reload. */
export function serverRoutes(app: FastifyInstance, { api }: Daemon): void {
  app.put<IdParams>('/daemon/server/:id', { config: { scope: need.create } }, async (request, reply) => {
    await api.createServer(callerOf(request), request.params.id, request.body as ServerDefinition);
    return reply.status(204).send();
  });

  app.delete<IdParams>('/daemon/server/:id', { config: { scope: need.delete } }, async (request, reply) => {
    await api.deleteServer(callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/definition', { config: { scope: need.definitionView } }, async (request) => {
    return api.getDefinition(callerOf(request), request.params.id);
  });

  app.post<IdParams>('/daemon/server/:id/definition', { config: { scope: need.definitionEdit } }, async (request, reply) => {
    await api.putDefinition(callerOf(request), request.params.id, request.body as ServerDefinition);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/data', { config: { scope: need.dataView } }, async (request) => {
    return { data: await api.getData(callerOf(request), request.params.id) };
  });

  app.post<IdParams & { Body: { data?: Record<string, unknown> } }>('/daemon/server/:id/data', { config: { scope: need.dataEdit } }, async (request, reply) => {
    await api.putData(callerOf(request), request.params.id, request.body?.data as Record<string, unknown>);
    return reply.status(204).send();
  });

  app.post<IdParams>('/daemon/server/:id/reload', { config: { scope: need.reload } }, async (request, reply) => {
    await api.reload(callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/status', { config: { scope: need.status } }, async (request) => {
    return api.getStatus(callerOf(request), request.params.id);
  });

  app.get<IdParams>('/daemon/server/:id/stats', { config: { scope: need.stats } }, async (request) => {
    return api.getStats(callerOf(request), request.params.id);
  });
}
