import type { FastifyInstance } from 'fastify';
import { OutpostError, serverActionScopes } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';

/** GET console?time= replays since an epoch; POST console sends its plain-text body as a command. */
export function consoleRoutes(app: FastifyInstance, daemon: Daemon): void {
  app.get<{ Params: { id: string }; Querystring: { time?: string } }>(
    '/daemon/server/:id/console',
    { config: { scope: serverActionScopes.consoleView } },
    async (request) => {
      const time = request.query.time === undefined || request.query.time === '' ? undefined : Number(request.query.time);
      return daemon.servers.get(request.params.id).console.replay(Number.isFinite(time) ? time : undefined);
    },
  );

  app.post<{ Params: { id: string } }>('/daemon/server/:id/console', { config: { scope: serverActionScopes.consoleSend } }, async (request, reply) => {
    const body = request.body;
    const command = typeof body === 'string' ? body : typeof (body as { command?: unknown })?.command === 'string' ? (body as { command: string }).command : undefined;
    if (command === undefined) throw new OutpostError('ErrFieldRequired', 'command is required', { field: 'command' });
    daemon.servers.get(request.params.id).sendCommand(command.replace(/\r?\n$/, ''));
    return reply.status(204).send();
  });
}
