import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, OutpostError, serverActionScopes as need, UPLOAD_OFFSET_HEADER } from '@outpost/shared';
import type { NodeClient } from '@outpost/shared';
import { callerOf, flag, noContent } from './authorize.js';

/**
 * A server's files: GET answers a folder's listing or a file's contents, PUT uploads the
 * multipart field `file` or a raw body (streamed, never held whole) or with ?folder makes a
 * folder, DELETE removes, archive zips a list of paths into the named archive, extract unpacks one.
 */
export function fileRoutes(app: FastifyInstance, api: NodeClient): void {
  // Raw uploads (the HTTP node client streams bodies this way) pass through as a stream.
  if (!app.hasContentTypeParser('application/octet-stream')) {
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  }
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/daemon/server/:id/file/*', { schema: route['GET /daemon/server/:id/file/*'], config: { scope: need.fileGet } }, async (request, reply) => {
    const answer = await api.getFile(callerOf(request), request.params.id, request.params['*'] ?? '');
    if ('files' in answer) return answer;
    // A stream skips the response schema, which describes the folder listing.
    return reply.header('content-length', answer.size).type('application/octet-stream').send(answer.stream as never);
  });

  r.put('/daemon/server/:id/file/*', { schema: route['PUT /daemon/server/:id/file/*'], config: { scope: need.filePut } }, async (request, reply) => {
    const [caller, id, path] = [callerOf(request), request.params.id, request.params['*'] ?? ''];
    if (flag(request.query.folder)) {
      await api.createFolder(caller, id, path);
    } else if (request.isMultipart()) {
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
      await api.putFile(caller, id, path, part.file).catch((error: unknown) => {
        // Refused part-way (over the disk limit): the rest of the body is never read, so the connection cannot carry another request.
        reply.header('connection', 'close');
        throw error;
      });
      if (part.file.truncated) throw new OutpostError('ErrFileTooLarge', 'the upload is larger than this node accepts');
    } else {
      // Only a streamed body is an upload here; parsed JSON or text is none, which NodeApi refuses.
      const body = request.body instanceof Readable ? request.body : undefined;
      await api.putFile(caller, id, path, body as Readable);
    }
    return noContent(reply, 204);
  });

  // An append to a resumable upload: the raw body from the offset the header names (the JSON calls of an upload are the call table's).
  r.route({
    method: 'PATCH',
    url: '/daemon/server/:id/uploads/:uploadId',
    schema: route['PATCH /daemon/server/:id/uploads/:uploadId'],
    config: { scope: need.filePut },
    handler: async (request, reply) => {
      const body = request.body instanceof Readable ? request.body : Readable.from([]);
      const offset = Number(request.headers[UPLOAD_OFFSET_HEADER] ?? Number.NaN);
      const reached = await api.appendUpload(callerOf(request), request.params.id, request.params.uploadId, offset, body).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      return { offset: reached };
    },
  });

  r.delete('/daemon/server/:id/file/*', { schema: route['DELETE /daemon/server/:id/file/*'], config: { scope: need.fileDelete } }, async (request, reply) => {
    await api.deleteFile(callerOf(request), request.params.id, request.params['*'] ?? '');
    return noContent(reply, 204);
  });

  // The body is the JSON list of paths; a lone string stands for a list of one.
  r.post(
    '/daemon/server/:id/archive/*',
    { schema: route['POST /daemon/server/:id/archive/*'], config: { scope: need.archive, bodyField: 'paths' } },
    async (request, reply) => {
      const sources = typeof request.body === 'string' ? [request.body] : request.body;
      await api.archive(callerOf(request), request.params.id, request.params['*'] ?? '', sources);
      return noContent(reply, 204);
    },
  );

  r.get('/daemon/server/:id/extract/*', { schema: route['GET /daemon/server/:id/extract/*'], config: { scope: need.extract } }, async (request, reply) => {
    await api.extract(callerOf(request), request.params.id, request.params['*'] ?? '', request.query.destination ?? '/');
    return noContent(reply, 204);
  });
}
