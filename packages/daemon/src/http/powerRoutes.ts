import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas, POWER_ACTIONS, powerActions, serverActionScopes } from '@outpost/shared';
import type { NodeClient } from '@outpost/shared';
import { callerOf, flag, noContent } from './authorize.js';

/**
 * POST /daemon/server/{id}/{start|stop|kill|restart|install}?wait. With wait the answer comes
 * when the action has finished (204, or its error); without, at once (202), and a failure
 * shows in the server's console.
 */
export function powerRoutes(app: FastifyInstance, api: NodeClient): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const action of POWER_ACTIONS) {
    r.post(
      `/daemon/server/:id/${action}`,
      { schema: daemonRouteSchemas['POST /daemon/server/:id/{action}'], config: { scope: serverActionScopes[powerActions[action]] } },
      async (request, reply) => {
        const wait = flag(request.query.wait);
        await api.power(callerOf(request), request.params.id, action, { wait });
        return noContent(reply, wait ? 204 : 202);
      },
    );
  }
}
