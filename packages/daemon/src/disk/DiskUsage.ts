import { Transform } from 'node:stream';
import { OutpostError } from '@outpost/shared/errors';
import { scanFolder } from './scanFolder.js';

const MiB = 1024 ** 2;

export interface DiskUsageOptions {
  /** The server's disk limit in MiB as applied (0: none). */
  limitMiB(): number;
  /** Whether the server's program runs, so its own writes may have changed the folder. */
  running(): boolean;
}

/** What the jail asks of a server's disk use: room before writing, and word of what it changed. */
export interface DiskQuota {
  /** The limit in bytes; 0 when there is none. */
  readonly limit: number;
  /** Throws ErrQuotaExceeded when the server has no room left under its limit. */
  assertRoom(): Promise<void>;
  /** A pass-through for one file's new contents that fails with ErrQuotaExceeded past the room left; `replaced` is the size of the file it replaces. */
  meter(replaced: number): Promise<QuotaMeter>;
  /** Counts bytes written some other way (an open file growing), refusing them past the limit. */
  grow(bytes: number): void;
  /** Bytes left under the limit (Infinity without one), asked again of the disk when the count says none. */
  room(): Promise<number>;
  /** The folder changed in a way not counted (an extraction, a folder deleted): the next scan takes it in; `soon` has it measured within a second or so. */
  changed(soon?: boolean): void;
  /** Bytes that went at once (a file deleted). */
  freed(bytes: number): void;
}

/** A QuotaMeter counts what went through it; `commit` adds it to the server's use once the file is in place. */
export interface QuotaMeter extends Transform {
  commit(): void;
}

/**
 * One server's disk use: the bytes its folder takes, measured by a scan (DiskScanner decides
 * when) and moved at once by writes through the jail, against the limit its definition applies.
 * A scan that finds the folder over the limit tells the listeners (the server stops its program);
 * until a later scan finds it under, writes and starts are refused with ErrQuotaExceeded.
 */
export class DiskUsage implements DiskQuota {
  /** Bytes the folder takes, as last measured and moved by writes since; undefined until the first scan. */
  private measured?: number;
  /** When the last scan began (ms since the epoch); 0 before the first. */
  scannedAt = 0;
  /** Something may have changed the folder since the last scan began (a write, a delete, the program running). */
  dirty = true;
  /** A change only a scan can size (a folder deleted) asks for one soon, so the use shown drops without waiting a minute. */
  soon = false;
  private scanning?: Promise<number>;
  private readonly overListeners = new Set<(bytes: number, limit: number) => void>();

  constructor(
    readonly root: string,
    private readonly options: DiskUsageOptions,
  ) {}

  /** Bytes the folder takes as far as known; undefined before it was first measured. */
  get bytes(): number | undefined {
    return this.measured;
  }

  /** The limit in bytes; 0 when there is none. */
  get limit(): number {
    return Math.max(0, this.options.limitMiB() || 0) * MiB;
  }

  get running(): boolean {
    return this.options.running();
  }

  /** Whether the folder takes more than the limit, as far as known. */
  get over(): boolean {
    return this.limit > 0 && this.measured !== undefined && this.measured > this.limit;
  }

  /** Called with the bytes and the limit whenever a scan finds the folder over the limit. */
  onOver(listener: (bytes: number, limit: number) => void): () => void {
    this.overListeners.add(listener);
    return () => this.overListeners.delete(listener);
  }

  /** Measures the folder now (one scan at a time; a caller arriving during one shares it). */
  scan(): Promise<number> {
    this.scanning ??= this.measure().finally(() => (this.scanning = undefined));
    return this.scanning;
  }

  async room(): Promise<number> {
    const limit = this.limit;
    if (limit === 0) return Infinity;
    // A count that says full may be stale: what a delete freed is known only to a scan.
    if (this.measured === undefined || (this.dirty && this.measured >= limit)) await this.scan();
    return limit - (this.measured ?? 0);
  }

  async assertRoom(): Promise<void> {
    if ((await this.room()) <= 0) throw this.refusal();
  }

  /** Throws ErrQuotaExceeded, saying how much the folder takes, while it is over the limit (a start waits for this). */
  async assertUnder(): Promise<void> {
    if (this.limit === 0) return;
    if (this.measured === undefined || (this.dirty && this.over)) await this.scan();
    if (this.over) throw this.refusal('delete files to bring it under the limit before starting it');
  }

  async meter(replaced: number): Promise<QuotaMeter> {
    // What replaces a file may take that file's room too.
    let left = (await this.room()) + Math.max(0, replaced);
    let passed = 0;
    const meter = new Transform({
      highWaterMark: 1 << 20,
      transform: (chunk: Buffer, _encoding, done) => {
        passed += chunk.length;
        left -= chunk.length;
        done(left < 0 ? this.refusal() : null, chunk);
      },
    }) as QuotaMeter;
    meter.commit = () => this.add(passed - Math.max(0, replaced));
    return meter;
  }

  grow(bytes: number): void {
    if (bytes <= 0) return;
    if (this.limit > 0 && this.measured !== undefined && this.measured + bytes > this.limit) throw this.refusal();
    this.add(bytes);
  }

  changed(soon = false): void {
    this.dirty = true;
    if (soon) this.soon = true;
  }

  freed(bytes: number): void {
    this.add(-Math.max(0, bytes));
  }

  /** The words for a folder over its limit: "the server's files take N MiB, over its disk limit of M MiB". */
  describe(): string {
    return `the server's files take ${Math.ceil((this.measured ?? 0) / MiB)} MiB, over its disk limit of ${this.limit / MiB} MiB`;
  }

  private add(bytes: number): void {
    this.dirty = true;
    if (this.measured !== undefined) this.measured = Math.max(0, this.measured + bytes);
  }

  private async measure(): Promise<number> {
    this.scannedAt = Date.now();
    // A program running through the scan may write behind it.
    this.dirty = this.running;
    this.soon = false;
    const bytes = await scanFolder(this.root);
    this.measured = bytes;
    if (this.over) for (const listener of this.overListeners) listener(bytes, this.limit);
    return bytes;
  }

  private refusal(fix?: string): OutpostError {
    const limit = this.limit;
    const used = this.measured ?? 0;
    const words = used > limit ? this.describe() : `the write would take the server's files over its disk limit of ${limit / MiB} MiB`;
    return new OutpostError('ErrQuotaExceeded', fix ? `${words}: ${fix}` : words, { limit });
  }
}
