import { Transform, type Readable } from 'node:stream';
import { DataStore, Upload } from '@tus/server';
import { OutpostError, type NodeCaller, type NodeClient } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';

/** Longest target path an upload may name, as the node's jail takes it. */
const MAX_PATH = 4096;

/** What one request's store acts for: the server, its node's client and the caller. */
export interface UploadContext {
  repo: Repositories;
  client: NodeClient;
  caller: NodeCaller;
  serverId: string;
  userId: number;
  /** Epoch milliseconds now (tests move it). */
  now(): number;
  /** An append's body, read here rather than through the stream the tus server hands `write` (the route leaves that one empty). */
  body?: Readable;
}

/**
 * The tus server's store for one request: the record (whose, where to, how long) in the panel's
 * database, the bytes on the server's node, streamed there as they arrive. The offset is what the
 * node holds, so a panel that restarts, or another one on the same database, answers the same.
 */
export class NodeUploadStore extends DataStore {
  constructor(private readonly context: UploadContext) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { repo, client, caller, serverId, userId, now } = this.context;
    const path = targetPath(upload);
    if (upload.size === undefined) throw new OutpostError('ErrFieldRequired', 'Upload-Length is required', { field: 'Upload-Length' });
    const at = now();
    await client.startUpload(caller, serverId, upload.id, path);
    await repo.uploads.insert({ id: upload.id, serverId, userId, path, length: upload.size, createdAt: at, updatedAt: at });
    upload.creation_date = new Date(at).toISOString();
    return upload;
  }

  /** Upload-Length of each upload this store has looked up (an append looks it up just before writing). */
  private readonly lengths = new Map<string, number>();

  override async getUpload(id: string): Promise<Upload> {
    const { repo, client, caller, serverId } = this.context;
    const row = await repo.uploads.byId(id);
    if (!row || row.serverId !== serverId) throw new OutpostError('ErrNotFound', `no upload ${id}`, { upload: id });
    const offset = await client.uploadOffset(caller, serverId, id);
    this.lengths.set(id, row.length);
    return new Upload({ id, size: row.length, offset, metadata: { path: row.path }, creation_date: new Date(row.createdAt).toISOString() });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { repo, client, caller, serverId, now, body } = this.context;
    let source = stream;
    let limiter: Limiter | undefined;
    if (body) {
      // The tus server's own stream is empty; it must still end for its pipeline to settle.
      stream.resume();
      const length = this.lengths.get(id) ?? (await repo.uploads.byId(id))?.length ?? 0;
      limiter = limitTo(length - offset);
      source = untilCut(body, limiter);
    }
    try {
      return await client.appendUpload(caller, serverId, id, offset, source);
    } catch (error) {
      // Past Upload-Length: that refusal, not what it made of the node's call (a remote node's request is cut).
      if (limiter?.overflow) throw limiter.overflow;
      // Over the disk limit the node has dropped the bytes: the upload is over, and its record goes too.
      if (error instanceof OutpostError && error.code === 'ErrQuotaExceeded') await repo.uploads.delete(id);
      throw error;
    } finally {
      await repo.uploads.touch(id, now()).catch(() => {});
    }
  }

  override async remove(id: string): Promise<void> {
    const { repo, client, caller, serverId } = this.context;
    await client.abortUpload(caller, serverId, id);
    await repo.uploads.delete(id);
  }
}

/** The `path` the creation's Upload-Metadata names (tus gives it decoded from base64). */
function targetPath(upload: Upload): string {
  const path = upload.metadata?.path;
  if (typeof path !== 'string' || path.replace(/\/+/g, '') === '') throw new OutpostError('ErrFieldRequired', 'Upload-Metadata must name the target path', { field: 'path' });
  if (path.length > MAX_PATH) throw new OutpostError('ErrFieldTooLarge', 'the target path is too long', { field: 'path', max: MAX_PATH });
  return path;
}

type Limiter = Transform & { overflow?: OutpostError };

/** Passes at most `max` bytes (Upload-Length less the offset), failing with 413 past them, as the tus server's own limiter does. */
function limitTo(max: number): Limiter {
  let left = max;
  const limiter: Limiter = new Transform({
    // Room for many socket reads: at the default 16 KiB each 64 KiB read would pause the request and resume it.
    highWaterMark: 1 << 20,
    transform(chunk: Buffer, _encoding, done) {
      left -= chunk.length;
      if (left >= 0) return done(null, chunk);
      limiter.overflow = new OutpostError('ErrFieldTooLarge', 'the append goes past Upload-Length', { field: 'Upload-Length', max }, 413);
      done(limiter.overflow);
    },
  });
  // Bytes flow in before the node's side starts reading: a refusal then has no listener yet. write() throws it.
  limiter.on('error', () => {});
  return limiter;
}

/**
 * Pipes `body` into `into` and ends `into` when the client goes away mid-way, as the tus server
 * does: what arrived is written and counts, and the offset says where to go on.
 */
function untilCut(body: Readable, into: Transform): Transform {
  const cut = () => {
    body.unpipe(into);
    if (!into.writableEnded && !into.destroyed) into.end();
  };
  body.on('error', cut);
  body.once('close', () => {
    if (!body.readableEnded) cut();
  });
  return body.pipe(into);
}
