import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, serverActionScopes as need } from '@outpost/shared';
import type { NodeClient } from '@outpost/shared';
import { callerOf } from './authorize.js';

/** A backup's archive, streamed as it is read from the node's storage; the other backup calls are rows of the call table. */
export function backupRoutes(app: FastifyInstance, api: NodeClient): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const download = 'GET /daemon/server/:id/backups/:backupId/download';
  r.get('/daemon/server/:id/backups/:backupId/download', { schema: route[download], config: { scope: need.backupDownload } }, async (request, reply) => {
    const answer = await api.downloadBackup(callerOf(request), request.params.id, request.params.backupId);
    return reply
      .header('content-length', answer.size)
      .header('content-disposition', `attachment; filename="${answer.fileName}"`)
      .type('application/gzip')
      .send(answer.stream as never);
  });
}
