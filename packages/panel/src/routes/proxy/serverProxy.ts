import { POWER_ACTIONS, Scopes, type PowerAction, type Scope } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isOn } from '../../services/isOn.js';
import { templateDefinition } from '../../services/saveTemplate.js';
import { serverAccess } from '../../services/serverAccess.js';
import {
  getConsoleSchema,
  getDataSchema,
  getDefinitionSchema,
  postConsoleSchema,
  postDataSchema,
  postDefinitionSchema,
  powerSchema,
  reloadSchema,
  statsSchema,
  statusSchema,
} from './schema.js';

const BASE = '/proxy/daemon/server/:id';

/** The scope each power action needs; restart also needs stop, which the node checks. */
const powerScopes: Record<PowerAction, Scope> = {
  start: Scopes.ServersStart,
  restart: Scopes.ServersStart,
  stop: Scopes.ServersStop,
  kill: Scopes.ServersStop,
  install: Scopes.ServersInstall,
};

/** Definition, data, status, stats, console, power and reload of one server, forwarded to its node. */
export default async function serverProxyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(`${BASE}/definition`, { schema: getDefinitionSchema, config: { scope: Scopes.ServersEditAdmin } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return (await client.getDefinition(caller, server.id)) as unknown as Record<string, unknown>;
  });

  r.post(`${BASE}/definition`, { schema: postDefinitionSchema, config: { scope: Scopes.ServersEditAdmin } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.putDefinition(caller, server.id, templateDefinition(request.body));
    return reply.code(204).send(null);
  });

  r.get(`${BASE}/data`, { schema: getDataSchema, config: { scope: Scopes.ServersEdit } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return { data: (await client.getData(caller, server.id)) as unknown as Record<string, unknown> };
  });

  r.post(`${BASE}/data`, { schema: postDataSchema, config: { scope: Scopes.ServersEdit } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.putData(caller, server.id, request.body.data);
    return reply.code(204).send(null);
  });

  r.get(`${BASE}/status`, { schema: statusSchema, config: { scope: Scopes.ServersView } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return client.getStatus(caller, server.id);
  });

  r.get(`${BASE}/stats`, { schema: statsSchema, config: { scope: Scopes.ServersStat } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return client.getStats(caller, server.id);
  });

  r.get(`${BASE}/console`, { schema: getConsoleSchema, config: { scope: Scopes.ServersConsole } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return client.replayConsole(caller, server.id, request.query.time);
  });

  r.post(`${BASE}/console`, { schema: postConsoleSchema, config: { scope: Scopes.ServersConsoleSend } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    const body = request.body;
    await client.sendCommand(caller, server.id, typeof body === 'string' ? body : body.command);
    return reply.code(204).send(null);
  });

  for (const action of POWER_ACTIONS) {
    r.post(`${BASE}/${action}`, { schema: powerSchema, config: { scope: powerScopes[action] } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      await client.power(caller, server.id, action, { wait: isOn(request.query.wait) });
      return reply.code(204).send(null);
    });
  }

  r.post(`${BASE}/reload`, { schema: reloadSchema, config: { scope: Scopes.Admin } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.reload(caller, server.id);
    return reply.code(204).send(null);
  });
}
