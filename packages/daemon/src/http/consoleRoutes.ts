import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, serverActionScopes } from '@outpost/shared';
import type { NodeClient } from '@outpost/shared';
import { callerOf, noContent } from './authorize.js';

/** GET console?time= replays since an epoch; POST console sends its body (plain text, or JSON {command}) as a command. */
export function consoleRoutes(app: FastifyInstance, api: NodeClient): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // A time that is no number (the schema lets text through) replays everything.
  r.get(
    '/daemon/server/:id/console',
    { schema: route['GET /daemon/server/:id/console'], config: { scope: serverActionScopes.consoleView } },
    async (request) => {
      const { time } = request.query;
      return api.replayConsole(callerOf(request), request.params.id, time === undefined || time === '' ? undefined : Number(time));
    },
  );

  r.post(
    '/daemon/server/:id/console',
    { schema: route['POST /daemon/server/:id/console'], config: { scope: serverActionScopes.consoleSend, bodyField: 'command' } },
    async (request, reply) => {
      const body = request.body;
      await api.sendCommand(callerOf(request), request.params.id, typeof body === 'string' ? body : body.command);
      return noContent(reply, 204);
    },
  );
}
