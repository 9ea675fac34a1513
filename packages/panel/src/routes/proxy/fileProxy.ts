import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { OutpostError, serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { isOn } from '../../services/isOn.js';
import { serverAccess } from '../../services/policy/policy.js';
import { archiveSchema, copyFileSchema, deleteFileSchema, extractSchema, getFileSchema, moveFileSchema, putFileSchema } from './schema.js';
import { serverPaths } from './serverPaths.js';

/** A file name for content-disposition, with a plain fallback and the exact UTF-8 form. */
function attachment(path: string): string {
  const name = path.split('/').filter(Boolean).pop() || 'download';
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file manager of one server: listing and download, upload, folders, delete, move and copy, archives. */
export default async function fileProxyRoutes(app: FastifyInstance): Promise<void> {
  // Uploads stream through to the node; the node's disk is the limit, not the panel's memory.
  // The parser hands on up to 1 MiB before it waits for the node: fewer, larger writes downstream.
  await app.register(multipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 10 }, fileHwm: 1 << 20, highWaterMark: 1 << 20 });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const url of serverPaths('/file/*')) {
    r.get(url, { schema: getFileSchema, config: { scope: need.fileGet } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const path = request.params['*'];
      const found = await client.getFile(caller, server.id, path);
      if ('files' in found) return found.files;
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-length', String(found.size));
      reply.header('content-disposition', attachment(path));
      // A stream skips the response schema, which describes the folder listing.
      // The node's own stream when it is one (the local node's file), piped as it is.
      return reply.send((found.stream instanceof Readable ? found.stream : Readable.from(found.stream)) as never);
    });
  }

  // PUT takes the file as the multipart field `file` (the spec, the web app) or, from a bearer
  // client, as the raw body in any other content type (PufferPanel 2's clients): a child context
  // whose parsers hand that body on as a stream, so it is written as it arrives.
  await app.register(async (raw) => {
    const passStream = (_request: unknown, payload: Readable, done: (error: null, body: Readable) => void) => done(null, payload);
    raw.removeContentTypeParser(['application/json', 'text/plain']);
    raw.addContentTypeParser(['application/json', 'text/plain'], passStream);
    raw.addContentTypeParser('*', passStream);
    for (const url of serverPaths('/file/*')) raw.withTypeProvider<TypeBoxTypeProvider>().put(url, { schema: putFileSchema, config: { scope: need.filePut, uploads: true } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const path = request.params['*'];
      if (isOn(request.query.folder)) {
        await client.createFolder(caller, server.id, path);
        return reply.code(204).send(null);
      }
      if (request.isMultipart()) {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
        await client.putFile(caller, server.id, path, part.file).catch(closingConnection(reply));
        await emitFor(request, { event: 'server.file.uploaded', server: server.id, data: { path } });
        return reply.code(204).send(null);
      }
      // A raw body only from a bearer client: the browser's cookie calls upload as multipart.
      const body = request.body;
      if (!/^bearer /i.test(request.headers.authorization ?? '')) throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
      await client.putFile(caller, server.id, path, body instanceof Readable ? body : Readable.from([])).catch(closingConnection(reply));
      await emitFor(request, { event: 'server.file.written', server: server.id, data: { path } });
      return reply.code(204).send(null);
    });
  });

  for (const url of serverPaths('/file/*')) {
    r.delete(url, { schema: deleteFileSchema, config: { scope: need.fileDelete } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      await client.deleteFile(caller, server.id, request.params['*']);
      await emitFor(request, { event: 'server.file.deleted', server: server.id, data: { path: request.params['*'] } });
      return reply.code(204).send(null);
    });
  }

  // Under /files/, apart from /file/*: a move names two paths, so they travel in the body.
  for (const url of serverPaths('/files/move')) {
    r.post(url, { schema: moveFileSchema, config: { scope: need.filePut } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const { from, to } = request.body;
      await client.moveFile(caller, server.id, from, to);
      await emitFor(request, { event: 'server.file.renamed', server: server.id, data: { from, to } });
      return reply.code(204).send(null);
    });
  }

  for (const url of serverPaths('/files/copy')) {
    r.post(url, { schema: copyFileSchema, config: { scope: need.filePut } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      await client.copyFile(caller, server.id, request.body.from, request.body.to);
      // No event of its own: the copy is a new file (or folder) written at `to`.
      await emitFor(request, { event: 'server.file.written', server: server.id, data: { path: request.body.to } });
      return reply.code(204).send(null);
    });
  }

  for (const url of serverPaths('/archive/*')) {
    r.post(url, { schema: archiveSchema, config: { scope: need.archive } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      await client.archive(caller, server.id, request.params['*'], request.body);
      await emitFor(request, { event: 'server.file.archived', server: server.id, data: { paths: request.body, destination: request.params['*'] } });
      return reply.code(204).send(null);
    });
  }

  for (const url of serverPaths('/extract/*')) {
    r.get(url, { schema: extractSchema, config: { scope: need.extract } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const destination = request.query.destination ?? '';
      await client.extract(caller, server.id, request.params['*'], destination);
      await emitFor(request, { event: 'server.file.extracted', server: server.id, data: { path: request.params['*'], destination } });
      return reply.code(204).send(null);
    });
  }
}

/**
 * An upload refused part-way (over the server's disk limit, the node's disk full) leaves the rest
 * of its body unread: the connection closes after the answer, so no next request waits behind it.
 */
function closingConnection(reply: FastifyReply): (error: unknown) => never {
  return (error) => {
    reply.header('connection', 'close');
    throw error;
  };
}
