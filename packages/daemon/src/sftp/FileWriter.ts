import type { FileHandle } from 'node:fs/promises';
import type { DiskQuota } from '../disk/DiskUsage.js';

interface PendingWrite {
  offset: number;
  data: Buffer;
  done: (error?: unknown) => void;
}

/** Bytes a session may have acknowledged but not yet written, per open file. */
const WriteBehindBytes = 8 * 1024 * 1024;

/**
 * Writes to one open file for an SFTP session. Clients keep a fixed number of WRITE requests in
 * flight (OpenSSH 64 of 32 KiB) and wait for answers, so answering only after each write reaches
 * the file makes uploads wait on thread-pool round trips. Instead, writes are acknowledged as soon
 * as they are queued while less than 8 MiB is pending (beyond that, once written, which holds a
 * fast client to the disk's pace), and the queue goes to the file as one writev per run of
 * adjacent offsets. A failed write is reported by the next WRITE and by CLOSE, which the client
 * checks (OpenSSH's `put` fails on a failed close).
 */
export class FileWriter {
  private queue: PendingWrite[] = [];
  private flushing: Promise<void> | undefined;
  private pendingBytes = 0;
  private failure: unknown;

  constructor(
    readonly file: FileHandle,
    /** The server's disk limit and the file's size when opened: growth past the limit is refused (issue 30). */
    private readonly quota?: { disk: DiskQuota; size: number },
  ) {}

  /** Queues a write; answers nothing when it may be acknowledged now, else when it is in the file (or refused). */
  write(offset: number, data: Buffer): Promise<void> | undefined {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.quota && offset + data.length > this.quota.size) {
      try {
        this.quota.disk.grow(offset + data.length - this.quota.size);
      } catch (error) {
        return Promise.reject(error);
      }
      this.quota.size = offset + data.length;
    }
    this.pendingBytes += data.length;
    let written: Promise<void> | undefined;
    // Within the write-behind allowance a failure is reported through `failure` instead.
    if (this.pendingBytes <= WriteBehindBytes) this.queue.push({ offset, data, done: ignore });
    else written = new Promise<void>((resolve, reject) => this.queue.push({ offset, data, done: (error) => (error ? reject(error) : resolve()) }));
    this.flushing ??= this.flush();
    return written;
  }

  /** Whether writes are queued or being written, or one failed. */
  get busy(): boolean {
    return this.flushing !== undefined || this.failure !== undefined;
  }

  /** Resolves once every queued write is in the file; rejects if any of them failed. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.failure !== undefined) throw this.failure;
  }

  private async flush(): Promise<void> {
    // Let the requests that arrived in the same read from the socket join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      for (const run of adjacentRuns(batch)) {
        let error: unknown;
        try {
          await this.file.writev(
            run.map((w) => w.data),
            run[0]!.offset,
          );
        } catch (caught) {
          error = caught;
          this.failure ??= caught;
        }
        for (const w of run) {
          this.pendingBytes -= w.data.length;
          w.done(error);
        }
      }
    }
    this.flushing = undefined;
  }
}

function ignore(): void {}

/** Splits writes into runs where each starts where the previous ended, keeping their order. */
function adjacentRuns(writes: PendingWrite[]): PendingWrite[][] {
  const runs: PendingWrite[][] = [];
  let run: PendingWrite[] = [];
  let next = -1;
  for (const write of writes) {
    // IOV_MAX is 1024 on Linux.
    if (run.length > 0 && (write.offset !== next || run.length >= 1024)) {
      runs.push(run);
      run = [];
    }
    run.push(write);
    next = write.offset + write.data.length;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
