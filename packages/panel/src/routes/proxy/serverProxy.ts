import { POWER_ACTIONS, powerActions, serverActionScopes as need } from '@outpost/shared';
import { emitFor } from '../../services/activity/emitFor.js';
import { powerEvents } from '../../services/activity/powerEvents.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isOn } from '../../services/isOn.js';
import { templateDefinition } from '../../services/saveTemplate.js';
import { actorOf, serverAccess } from '../../services/policy/policy.js';
import { getConsoleSchema, getDefinitionSchema, postConsoleSchema, postDefinitionSchema, powerSchema, querySchema } from './schema.js';
import { serverPaths } from './serverPaths.js';

const BASE = '/proxy/daemon/server/:id';

/** Definition, console and power of one server, forwarded to its node (data, status, stats, flags and reload come from the call table: callProxy.ts). */
export default async function serverProxyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // The spec serves the definition at the base path; /definition stays for the web app and is PufferPanel 3's.
  for (const path of [BASE, ...serverPaths('/definition')]) {
    r.get(path, { schema: getDefinitionSchema, config: { scope: need.definitionView } }, async (request) => {
      const { client, caller, server } = await serverAccess(request);
      return client.getDefinition(caller, server.id);
    });

    r.post(path, { schema: postDefinitionSchema, config: { scope: need.definitionEdit } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      await client.putDefinition(caller, server.id, templateDefinition(request.body));
      return reply.code(204).send(null);
    });
  }

  for (const path of serverPaths('/console')) {
    r.get(path, { schema: getConsoleSchema, config: { scope: need.consoleView } }, async (request) => {
      const { client, caller, server } = await serverAccess(request);
      return client.replayConsole(caller, server.id, request.query.time);
    });
  }

  // The game query (issue 32; PufferPanel 3's path): the node's answer, or PufferPanel 3's for a
  // server it cannot query, 204 with no body (HEAD too), behind the stats permission as there.
  for (const path of serverPaths('/query')) {
    r.get(path, { schema: querySchema, config: { scope: need.stats } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const answer = await client.getQuery(caller, server.id);
      return answer ?? reply.code(204).send(null);
    });
  }

  // The command alone as the body, however a client's HTTP library labels it. The cross-site guard
  // still refuses anything but JSON from cookie callers, so only bearer callers get this far.
  await app.register(async (commands) => {
    commands.removeContentTypeParser('application/json');
    commands.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => done(null, commandBody(String(text), request.headers['content-type'])));
    for (const path of serverPaths('/console')) {
      commands.withTypeProvider<TypeBoxTypeProvider>().post(path, { schema: postConsoleSchema, config: { scope: need.consoleSend } }, async (request, reply) => {
        const { client, caller, server } = await serverAccess(request);
        const body = request.body;
        const command = typeof body === 'string' ? body : body.command;
        // The console's echo of the command names who sent it.
        caller.actor = await actorOf(request);
        await client.sendCommand(caller, server.id, command);
        await emitFor(request, { event: 'server.console.command', server: server.id, data: { command } });
        return reply.code(204).send(null);
      });
    }
  });

  for (const action of POWER_ACTIONS) {
    for (const path of serverPaths(`/${action}`)) {
      r.post(path, { schema: powerSchema, config: { scope: need[powerActions[action]] } }, async (request, reply) => {
        const { client, caller, server } = await serverAccess(request);
        const askedAt = Date.now();
        await client.power(caller, server.id, action, { wait: isOn(request.query.wait) });
        await emitFor(request, { event: powerEvents[action], server: server.id, data: {} }, askedAt);
        return reply.code(204).send(null);
      });
    }
  }

}

/** A JSON string or object as it is (the schema checks it); any other body is the command text itself. */
function commandBody(text: string, contentType: string | undefined): unknown {
  if (/^application\/json/i.test(contentType ?? '')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string' || (typeof parsed === 'object' && parsed !== null)) return parsed;
    } catch {
      // not JSON after all: the text is the command
    }
  }
  return text;
}
