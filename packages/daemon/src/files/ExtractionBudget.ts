import { statfs } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { OutpostError } from '@outpost/shared/errors';

/** How much one extraction may write. */
export interface ExtractLimits {
  /** Uncompressed bytes one extraction may write. */
  maxBytes: number;
  /** Entries (files, folders, links) one archive may hold. */
  maxEntries: number;
  /** Free space the disk keeps: the extraction stops before the disk would have less. */
  reserveBytes: number;
}

/**
 * 4 GiB holds a large modpack or world many times over while bounding what a few MiB of upload
 * can make the node write (a zip of zeros inflates about 1000 times); 100,000 entries is several
 * times a big modpack; 512 MiB of free space left keeps the node's logs and databases writable.
 */
export const defaultExtractLimits: ExtractLimits = {
  maxBytes: 4 * 1024 ** 3,
  maxEntries: 100_000,
  reserveBytes: 512 * 1024 ** 2,
};

/** Free space is asked again after this many bytes, so statfs is not called for every chunk. */
const DiskCheckEvery = 64 * 1024 ** 2;

/**
 * What one extraction has spent: bytes counted as they are written (headers and central
 * directories are never trusted for sizes) and entries counted as they come. Past a limit, or when
 * the disk's free space would drop below the reserve, it throws ErrQuotaExceeded.
 */
export class ExtractionBudget {
  private readonly limits: ExtractLimits;
  private written = 0;
  private entries = 0;
  /** Bytes this extraction may reach before free space falls below the reserve (as of the last check). */
  private diskAllows = 0;
  private nextDiskCheck = 0;

  private constructor(
    private readonly folder: string,
    limits: Partial<ExtractLimits>,
  ) {
    this.limits = { ...defaultExtractLimits, ...limits };
  }

  /** A budget for an extraction onto the disk that holds `folder` (any path on it: the archive, even as /proc/self/fd/N). */
  static async start(folder: string, limits: Partial<ExtractLimits> = {}): Promise<ExtractionBudget> {
    const budget = new ExtractionBudget(folder, limits);
    await budget.checkDisk();
    return budget;
  }

  /** Bytes counted so far. */
  get used(): number {
    return this.written;
  }

  /** Counts one entry of the archive. */
  entry(): void {
    this.entries++;
    if (this.entries > this.limits.maxEntries) {
      throw new OutpostError('ErrQuotaExceeded', `the archive holds more than ${this.limits.maxEntries} entries`, { limit: this.limits.maxEntries });
    }
  }

  /** Counts bytes about to be written some other way than through `count` (a hard link's copy). */
  async spend(bytes: number): Promise<void> {
    if (this.written + bytes > this.nextDiskCheck) await this.checkDisk();
    this.written += bytes;
    if (this.written > this.limits.maxBytes) {
      throw new OutpostError('ErrQuotaExceeded', `the archive unpacks to more than ${this.limits.maxBytes} bytes`, { limit: this.limits.maxBytes });
    }
    if (this.written > this.diskAllows) {
      const limit = Math.max(0, this.diskAllows);
      throw new OutpostError('ErrQuotaExceeded', `the disk would have less than ${this.limits.reserveBytes} bytes free`, { limit });
    }
  }

  /** `source`'s bytes, each chunk counted before it is passed on; fails the stream past a limit. */
  count(source: AsyncIterable<Buffer | string>): Readable {
    return Readable.from(this.counting(source), { objectMode: false });
  }

  private async *counting(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      await this.spend(bytes.length);
      yield bytes;
    }
  }

  private async checkDisk(): Promise<void> {
    const disk = await statfs(this.folder);
    this.diskAllows = this.written + disk.bavail * disk.bsize - this.limits.reserveBytes;
    this.nextDiskCheck = this.written + DiskCheckEvery;
  }
}
