import type { Readable } from 'node:stream';
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

  override async getUpload(id: string): Promise<Upload> {
    const { repo, client, caller, serverId } = this.context;
    const row = await repo.uploads.byId(id);
    if (!row || row.serverId !== serverId) throw new OutpostError('ErrNotFound', `no upload ${id}`, { upload: id });
    const offset = await client.uploadOffset(caller, serverId, id);
    return new Upload({ id, size: row.length, offset, metadata: { path: row.path }, creation_date: new Date(row.createdAt).toISOString() });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { repo, client, caller, serverId, now } = this.context;
    try {
      return await client.appendUpload(caller, serverId, id, offset, stream);
    } catch (error) {
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
