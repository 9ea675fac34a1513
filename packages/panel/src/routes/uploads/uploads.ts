import { MemoryLocker, Server, type Upload } from '@tus/server';
import { NodeRequest } from 'srvx/node';
import { OutpostError, serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { serverAccess } from '../../services/policy/policy.js';
import { NodeUploadStore } from '../../services/uploads/NodeUploadStore.js';
import { appendUploadSchema, createUploadSchema, deleteUploadSchema, uploadOffsetSchema } from './schema.js';

/** The content type tus sends an append in. */
const APPEND_TYPE = 'application/offset+octet-stream';

/**
 * Resumable uploads, tus 1.0.0 (core, creation, termination) at /api/servers/{id}/uploads, for the
 * same scope as the multipart upload. Fastify checks the caller (bearer or cookie) and the scope
 * on every request; the handler checks the upload is the caller's, then hands the request to a
 * tus server whose store (NodeUploadStore) keeps the record in the database and streams the bytes
 * to the node. One lock per upload on this panel keeps two appends apart; the node refuses a
 * second append under way from any panel, and an offset that is not what it holds.
 */
export default async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const locker = new MemoryLocker();

  await app.register(async (tus) => {
    // The bytes stay in the request, read by the tus server as they arrive; the handler refuses other types on an append.
    const leaveUnread = (_request: unknown, _payload: unknown, done: (error: null) => void) => done(null);
    tus.removeAllContentTypeParsers();
    tus.addContentTypeParser('*', leaveUnread);
    const r = tus.withTypeProvider<TypeBoxTypeProvider>();
    const base = '/api/servers/:id/uploads';
    const handle = (request: FastifyRequest, reply: FastifyReply) => serveTus(request, reply, locker);
    r.post(base, { schema: createUploadSchema, config: { scope: need.filePut, uploads: true } }, handle);
    r.head(`${base}/:uploadId`, { schema: uploadOffsetSchema, config: { scope: need.filePut } }, handle);
    r.patch(`${base}/:uploadId`, { schema: appendUploadSchema, config: { scope: need.filePut, uploads: true } }, handle);
    r.delete(`${base}/:uploadId`, { schema: deleteUploadSchema, config: { scope: need.filePut } }, handle);
  });
}

async function serveTus(request: FastifyRequest, reply: FastifyReply, locker: MemoryLocker): Promise<void> {
  // A refusal leaves the rest of an append's body unread: the connection closes after the answer.
  if (request.method === 'PATCH') reply.header('connection', 'close');
  const { client, caller, server } = await serverAccess(request);
  const { repo } = request.server.panel;
  const userId = request.session!.userId;
  const { uploadId } = request.params as { uploadId?: string };
  if (uploadId !== undefined) {
    const row = await repo.uploads.byId(uploadId);
    // Only its creator continues an upload; to anyone else it does not exist.
    if (!row || row.serverId !== server.id || row.userId !== userId) throw new OutpostError('ErrNotFound', `no upload ${uploadId}`, { upload: uploadId }, 404);
  }
  if (request.method === 'PATCH' && request.headers['content-type']?.split(';')[0].trim().toLowerCase() !== APPEND_TYPE) {
    throw new OutpostError('ErrUnsupportedMediaType', `an append is sent as ${APPEND_TYPE}`, { contentType: String(request.headers['content-type'] ?? '').slice(0, 100) });
  }
  const tus = new Server({
    path: `/api/servers/${server.id}/uploads`,
    relativeLocation: true,
    locker,
    datastore: new NodeUploadStore({ repo, client, caller, serverId: server.id, userId, now: Date.now, body: request.method === 'PATCH' ? request.raw : undefined }),
    onUploadFinish: async (_req, upload: Upload) => {
      const path = upload.metadata?.path ?? (await repo.uploads.byId(upload.id))?.path;
      if (!path) throw new OutpostError('ErrNotFound', `no upload ${upload.id}`, { upload: upload.id });
      await client.finishUpload(caller, server.id, upload.id, path);
      await repo.uploads.delete(upload.id);
      await emitFor(request, { event: 'server.file.uploaded', server: server.id, data: { path } });
      return {};
    },
    onResponseError: (_req, error) => {
      if (error instanceof OutpostError) return { status_code: error.status, body: JSON.stringify(error.toBody()) };
      if (error instanceof Error && !('status_code' in error)) request.log.error({ err: error }, 'resumable upload failed');
      return undefined;
    },
  });
  const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
  // An append's bytes go from the Node request to the store (NodeUploadStore.write): @tus/server
  // would pass them through a web stream and back (toWeb, fromWeb, a PassThrough, its limiter),
  // which cost about a third of the upload's CPU. Its own body stream is left empty.
  if (request.method === 'PATCH') Object.defineProperty(webRequest, 'body', { value: null });
  const response = await tus.handleWeb(webRequest);
  if (response.status < 400) reply.removeHeader('connection');
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    // Same-origin only: the panel's own pages and bearer clients; no CORS grant.
    if (!name.startsWith('access-control-')) reply.header(name, value);
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body && body[0] === 0x7b) reply.type('application/json');
  await reply.send(body);
}
