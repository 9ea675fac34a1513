import type { Readable } from 'node:stream';

/**
 * Where a node keeps backup archives, by key (`<server>/<backup>.tar.gz`): its own disk
 * (LocalBackupStore) or S3-compatible storage (S3BackupStore). A write is whole or absent: a
 * failed one leaves nothing behind, and a key names an archive only once it is complete.
 */
export interface BackupStore {
  readonly type: 'local' | 's3';
  /** Stores the archive `source` streams; on failure removes what it had written, and throws. */
  write(key: string, source: Readable): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes an archive; one already gone is fine. */
  remove(key: string): Promise<void>;
  /** Removes what a write the daemon was stopped in the middle of left (a temporary file, an unfinished upload). */
  discardPartial(key: string): Promise<void>;
  /** Writes, reads back and removes a small object: throws ErrBackupStorage saying why when the storage does not work. */
  test(): Promise<void>;
}
