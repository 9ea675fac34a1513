import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, ListMultipartUploadsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { OutpostError, type S3BackupStorage } from '@outpost/shared';
import { guardedAgents } from '../system/guardedAgents.js';
import type { OutboundGuard } from '../system/outboundGuard.js';
import type { BackupStore } from './BackupStore.js';

/** S3 refuses parts under 5 MiB but the last; larger parts mean fewer requests for large archives. */
export const DEFAULT_PART_BYTES = 16 * 1024 * 1024;

/**
 * Archives in S3-compatible object storage, streamed up as a multipart upload (no copy on the
 * node's disk) and down as they are read. Every connection goes through the node's private-address
 * guard: the endpoint is a user's input. An upload that fails is aborted, so no parts are left.
 */
export class S3BackupStore implements BackupStore {
  readonly type = 's3';
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(
    private readonly storage: S3BackupStorage,
    guard: OutboundGuard,
    private readonly partBytes = DEFAULT_PART_BYTES,
  ) {
    this.prefix = (storage.prefix ?? '').replace(/^\/+/, '');
    this.client = new S3Client({
      endpoint: storage.endpoint,
      region: storage.region || 'us-east-1',
      forcePathStyle: storage.forcePathStyle ?? false,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey ?? '' },
      maxAttempts: 2,
      // Checksums beyond S3's own MD5/ETag are not spoken by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { ...guardedAgents(guard), connectionTimeout: 5000, requestTimeout: 120_000 },
    });
  }

  async write(key: string, source: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.storage.bucket, Key: this.keyOf(key), Body: source, ContentType: 'application/gzip' },
      partSize: this.partBytes,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      await upload.abort().catch(() => undefined);
      throw this.storageError(error);
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number }> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.storage.bucket, Key: this.keyOf(key) }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      throw this.storageError(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.storage.bucket, Key: this.keyOf(key) }));
    } catch (error) {
      throw this.storageError(error);
    }
  }

  async discardPartial(key: string): Promise<void> {
    const Key = this.keyOf(key);
    const list = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.storage.bucket, Prefix: Key }));
    for (const upload of list.Uploads ?? []) {
      if (upload.Key === Key && upload.UploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.storage.bucket, Key, UploadId: upload.UploadId }));
    }
  }

  async test(): Promise<void> {
    const Key = this.keyOf(`.outpost-storage-test-${randomBytes(6).toString('hex')}`);
    const Bucket = this.storage.bucket;
    try {
      await this.client.send(new PutObjectCommand({ Bucket, Key, Body: 'outpost' }));
      const answer = await this.client.send(new GetObjectCommand({ Bucket, Key }));
      const text = await answer.Body?.transformToString();
      await this.client.send(new DeleteObjectCommand({ Bucket, Key }));
      if (text !== 'outpost') throw new OutpostError('ErrBackupStorage', 'the storage answered something else than what was written', { endpoint: this.storage.endpoint });
    } catch (error) {
      throw this.storageError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }

  private keyOf(key: string): string {
    return this.prefix === '' ? key : `${this.prefix.replace(/\/*$/, '/')}${key}`;
  }

  /** What went wrong, in words an admin can act on, as ErrBackupStorage (the guard's own refusal kept as it is). */
  private storageError(error: unknown): unknown {
    if (error instanceof OutpostError) return error;
    const failure = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
    const where = `${this.storage.endpoint} (bucket ${this.storage.bucket})`;
    const status = failure.$metadata?.httpStatusCode;
    const name = failure.name ?? '';
    let why: string;
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'].includes(name) || status === 403) why = `the storage at ${where} refused the credentials (${name || status})`;
    else if (name === 'NoSuchBucket') why = `the storage at ${where} has no such bucket`;
    else if (status !== undefined) why = `the storage at ${where} answered ${status} ${name}`.trim();
    else why = `could not reach the storage at ${where}: ${failure.code ?? failure.cause?.code ?? failure.message ?? name}`;
    return new OutpostError('ErrBackupStorage', why, { endpoint: this.storage.endpoint, bucket: this.storage.bucket });
  }
}

