import type { FastifyInstance } from 'fastify';
import { POWER_ACTIONS, powerActions, serverActionScopes } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { runPowerAction } from '../servers/ServerSession.js';
import { flag } from './authorize.js';

/**
 * POST /daemon/server/{id}/{start|stop|kill|restart|install}?wait. With wait the answer comes
 * when the action has finished (204, or its error); without, at once (202), and a failure
 * shows in the server's console.
 */
export function powerRoutes(app: FastifyInstance, daemon: Daemon): void {
  for (const action of POWER_ACTIONS) {
    app.post<{ Params: { id: string }; Querystring: { wait?: string } }>(
      `/daemon/server/:id/${action}`,
      { config: { scope: serverActionScopes[powerActions[action]] } },
      async (request, reply) => {
        const server = daemon.servers.get(request.params.id);
        const done = runPowerAction(server, action);
        if (flag(request.query.wait)) {
          await done;
          return reply.status(204).send();
        }
        done.catch((error: Error) => server.log(`${action} failed: ${error.message}`));
        return reply.status(202).send();
      },
    );
  }
}
