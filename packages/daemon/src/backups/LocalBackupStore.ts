import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OutpostError } from '@outpost/shared';
import { DiskRoom } from '../files/DiskRoom.js';
import type { BackupStore } from './BackupStore.js';

const PARTIAL = '.part';

/**
 * Archives on the node's own disk, under its data folder and outside every server folder (0700,
 * the daemon's): written as `<key>.part` and renamed once whole. Writes keep the node's free-space
 * reserve (DiskRoom), so a backup never takes the last of the disk from the servers.
 */
export class LocalBackupStore implements BackupStore {
  readonly type = 'local';
  private readonly disk: DiskRoom;

  constructor(
    private readonly folder: string,
    reserveBytes?: number,
  ) {
    this.disk = new DiskRoom(folder, reserveBytes);
  }

  async write(key: string, source: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    try {
      await pipeline(source, await this.disk.meter(), createWriteStream(target + PARTIAL, { mode: 0o600 }));
      await rename(target + PARTIAL, target);
    } catch (error) {
      source.destroy();
      await rm(target + PARTIAL, { force: true });
      throw diskError(error);
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => {
      throw new OutpostError('ErrBackupNotReady', `the archive of this backup is missing from ${this.folder}`, { key });
    });
    return { stream: createReadStream(path, { highWaterMark: 1024 * 1024 }), size: info.size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async discardPartial(key: string): Promise<void> {
    await rm(this.pathOf(key) + PARTIAL, { force: true });
  }

  async test(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    await this.disk.assertRoom().catch((error: unknown) => {
      throw diskError(error);
    });
  }

  private pathOf(key: string): string {
    return join(this.folder, key);
  }
}

/** A full disk, however it showed (the reserve met, or ENOSPC from the write itself), as ErrDiskFull. */
export function diskError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || (error instanceof OutpostError && error.code === 'ErrQuotaExceeded')) {
    return new OutpostError('ErrDiskFull', 'the disk is full: the backup was not kept', {});
  }
  return error;
}
