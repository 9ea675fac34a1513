import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OutpostError, serverActionScopes as need } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { listFolder } from '../servers/serverFiles.js';
import { flag } from './authorize.js';

type PathParams = { Params: { id: string; '*': string } };

/**
 * A server's files: GET answers a folder's listing or a file's contents, PUT uploads the
 * multipart field `file` (streamed, never held whole) or with ?folder makes a folder, DELETE
 * removes, archive zips a list of paths into the named archive, extract unpacks one.
 */
export function fileRoutes(app: FastifyInstance, daemon: Daemon): void {
  const filesOf = (request: FastifyRequest<PathParams>) => daemon.files(daemon.servers.get(request.params.id));

  // Raw uploads (the HTTP node client streams bodies this way) pass through as a stream.
  if (!app.hasContentTypeParser('application/octet-stream')) {
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  }

  app.get<PathParams>('/daemon/server/:id/file/*', { config: { scope: need.fileGet } }, async (request, reply) => {
    const files = filesOf(request);
    const path = request.params['*'] ?? '';
    const entry = path === '' ? { isFile: false } : await files.stat(path);
    if (!entry.isFile) return listFolder(files, path);
    const { stream, size } = await files.readStream(path);
    return reply.header('content-length', size).type('application/octet-stream').send(stream);
  });

  app.put<PathParams & { Querystring: { folder?: string } }>(
    '/daemon/server/:id/file/*',
    { config: { scope: need.filePut } },
    async (request, reply) => {
      const files = filesOf(request);
      const path = request.params['*'] ?? '';
      if (flag(request.query.folder)) {
        await files.mkdir(path);
      } else if (request.isMultipart()) {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
        await files.write(path, part.file);
        if (part.file.truncated) throw new OutpostError('ErrFileTooLarge', 'the upload is larger than this node accepts');
      } else if (request.body && typeof (request.body as Readable).pipe === 'function') {
        await files.write(path, request.body as Readable);
      } else {
        throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
      }
      return reply.status(204).send();
    },
  );

  app.delete<PathParams>('/daemon/server/:id/file/*', { config: { scope: need.fileDelete } }, async (request, reply) => {
    await filesOf(request).delete(request.params['*'] ?? '');
    return reply.status(204).send();
  });

  app.post<PathParams & { Body: unknown }>('/daemon/server/:id/archive/*', { config: { scope: need.archive } }, async (request, reply) => {
    const body = request.body;
    const sources = Array.isArray(body) ? body : typeof body === 'string' ? [body] : undefined;
    if (!sources?.length || !sources.every((item) => typeof item === 'string')) {
      throw new OutpostError('ErrFieldRequired', 'a list of paths to archive is required', { field: 'paths' });
    }
    await filesOf(request).archive(request.params['*'] ?? '', sources as string[]);
    return reply.status(204).send();
  });

  app.get<PathParams & { Querystring: { destination?: string } }>(
    '/daemon/server/:id/extract/*',
    { config: { scope: need.extract } },
    async (request, reply) => {
      await filesOf(request).extract(request.params['*'] ?? '', request.query.destination ?? '/');
      return reply.status(204).send();
    },
  );
}
