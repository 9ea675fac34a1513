import { Readable } from 'node:stream';
import { BackupParams, responses, serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { serverAccess } from '../../services/policy/policy.js';
import { serverPaths } from './serverPaths.js';

/** A backup's archive, streamed from the node through the panel; the other backup calls come from the call table (callProxy.ts). */
export default async function backupProxyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const schema = {
    summary: "Download a backup's archive (.tar.gz)",
    tags: ['proxy'],
    params: BackupParams,
    response: responses({ 200: Type.String({ format: 'binary', description: 'the archive, application/gzip' }) }),
  };
  for (const url of serverPaths('/backups/:backupId/download')) {
    r.get(url, { schema, config: { scope: need.backupDownload } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const found = await client.downloadBackup(caller, server.id, request.params.backupId);
      reply.header('content-type', 'application/gzip');
      reply.header('content-length', String(found.size));
      reply.header('content-disposition', `attachment; filename="${found.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`);
      return reply.send((found.stream instanceof Readable ? found.stream : Readable.from(found.stream)) as never);
    });
  }
}
