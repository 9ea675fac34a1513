import type { FastifyInstance } from 'fastify';
import { serverActionScopes } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { callerOf } from './authorize.js';

/** GET console?time= replays since an epoch; POST console sends its body (plain text, or JSON {command}) as a command. */
export function consoleRoutes(app: FastifyInstance, { api }: Daemon): void {
  app.get<{ Params: { id: string }; Querystring: { time?: string } }>(
    '/daemon/server/:id/console',
    { config: { scope: serverActionScopes.consoleView } },
    async (request) => {
      const { time } = request.query;
      return api.replayConsole(callerOf(request), request.params.id, time === undefined || time === '' ? undefined : Number(time));
    },
  );

  app.post<{ Params: { id: string } }>('/daemon/server/:id/console', { config: { scope: serverActionScopes.consoleSend } }, async (request, reply) => {
    const body = request.body;
    const command = typeof body === 'string' ? body : (body as { command?: unknown } | undefined)?.command;
    await api.sendCommand(callerOf(request), request.params.id, command as string);
    return reply.status(204).send();
  });
}
