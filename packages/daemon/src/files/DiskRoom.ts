import { statfs } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { OutpostError } from '@outpost/shared/errors';
import { defaultExtractLimits } from './ExtractionBudget.js';

/**
 * Keeps writes made for a server from filling the node's disk: below `reserveBytes` free, the
 * node itself (its database, the definitions, every other server) would fail, not just the
 * server that wrote. Extraction keeps the same reserve (ExtractionBudget).
 */
export class DiskRoom {
  constructor(
    /** Any path on the disk the writes land on. */
    private readonly path: string,
    readonly reserveBytes = defaultExtractLimits.reserveBytes,
  ) {}

  /** Bytes that may still be written before the reserve is reached (negative when past it). */
  async left(): Promise<number> {
    const disk = await statfs(this.path);
    return disk.bavail * disk.bsize - this.reserveBytes;
  }

  /** Throws ErrQuotaExceeded when the disk is already down to its reserve. */
  async assertRoom(): Promise<void> {
    if ((await this.left()) <= 0) throw this.full();
  }

  /** A pass-through that fails with ErrQuotaExceeded once more than what is left has gone through it. */
  async meter(): Promise<Transform> {
    let left = await this.left();
    if (left <= 0) throw this.full();
    return new Transform({
      // Room for many socket reads: at the default 16 KiB a request piped in would be paused and resumed for each.
      highWaterMark: 1 << 20,
      transform: (chunk: Buffer, _encoding, done) => {
        left -= chunk.length;
        done(left < 0 ? this.full() : null, chunk);
      },
    });
  }

  private full(): OutpostError {
    return new OutpostError('ErrQuotaExceeded', `the disk would have less than ${this.reserveBytes} bytes free`, { limit: this.reserveBytes });
  }
}
