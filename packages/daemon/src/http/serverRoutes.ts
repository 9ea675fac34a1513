import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, serverActionScopes as need } from '@outpost/shared';
import type { ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { callerOf } from './authorize.js';

type IdParams = { Params: { id: string } };

// Definitions are read by readDefinition, which converts version-1 templates and answers its own
// codes (ErrInvalidJson {field: definition} for what is no object): the permissive DefinitionBody
// would refuse a non-object with another code, so these two routes check params and answer only.
const { body: _create, ...createSchema } = route['PUT /daemon/server/:id'];
const { body: _edit, ...editDefinitionSchema } = route['POST /daemon/server/:id/definition'];

/** Creating, deleting and describing servers: definition, data, status, stats, reload. */
export function serverRoutes(app: FastifyInstance, { api }: Daemon): void {
  app.put<IdParams>('/daemon/server/:id', { schema: createSchema, config: { scope: need.create } }, async (request, reply) => {
    await api.createServer(callerOf(request), request.params.id, request.body as ServerDefinition);
    return reply.status(204).send();
  });

  app.delete<IdParams>('/daemon/server/:id', { schema: route['DELETE /daemon/server/:id'], config: { scope: need.delete } }, async (request, reply) => {
    await api.deleteServer(callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/definition', { schema: route['GET /daemon/server/:id/definition'], config: { scope: need.definitionView } }, async (request) => {
    return api.getDefinition(callerOf(request), request.params.id);
  });

  app.post<IdParams>('/daemon/server/:id/definition', { schema: editDefinitionSchema, config: { scope: need.definitionEdit } }, async (request, reply) => {
    await api.putDefinition(callerOf(request), request.params.id, request.body as ServerDefinition);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/data', { schema: route['GET /daemon/server/:id/data'], config: { scope: need.dataView } }, async (request) => {
    return { data: await api.getData(callerOf(request), request.params.id) };
  });

  app.post<IdParams & { Body: { data: Record<string, unknown> } }>(
    '/daemon/server/:id/data',
    { schema: route['POST /daemon/server/:id/data'], config: { scope: need.dataEdit, bodyField: 'data' } },
    async (request, reply) => {
      await api.putData(callerOf(request), request.params.id, request.body.data);
      return reply.status(204).send();
    },
  );

  app.post<IdParams>('/daemon/server/:id/reload', { schema: route['POST /daemon/server/:id/reload'], config: { scope: need.reload } }, async (request, reply) => {
    await api.reload(callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<IdParams>('/daemon/server/:id/status', { schema: route['GET /daemon/server/:id/status'], config: { scope: need.status } }, async (request) => {
    return api.getStatus(callerOf(request), request.params.id);
  });

  app.get<IdParams>('/daemon/server/:id/stats', { schema: route['GET /daemon/server/:id/stats'], config: { scope: need.stats } }, async (request) => {
    return api.getStats(callerOf(request), request.params.id);
  });
}
