import type { FileHandle } from 'node:fs/promises';

interface PendingWrite {
  offset: number;
  data: Buffer;
  done: (error?: unknown) => void;
}

/**
 * Writes to one open file for an SFTP session. Clients keep many WRITE requests in flight (OpenSSH
 * 64 of 32 KiB); while one write runs, the next ones queue, and the queue then goes to the file as
 * one writev per run of adjacent offsets. That turns hundreds of thread-pool round trips per MiB
 * into a handful, which is most of the upload speed. Each request is answered once its bytes are
 * written, as OpenSSH's sftp-server does.
 */
export class FileWriter {
  private queue: PendingWrite[] = [];
  private flushing: Promise<void> | undefined;

  constructor(readonly file: FileHandle) {}

  write(offset: number, data: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ offset, data, done: (error) => (error ? reject(error) : resolve()) });
      this.flushing ??= this.flush();
    });
  }

  /** Resolves once every queued write is on its way to the file (before CLOSE or FSTAT). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    // Let the requests that arrived in the same read from the socket join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      for (const run of adjacentRuns(batch)) {
        try {
          await this.file.writev(
            run.map((w) => w.data),
            run[0]!.offset,
          );
          for (const w of run) w.done();
        } catch (error) {
          for (const w of run) w.done(error);
        }
      }
    }
    this.flushing = undefined;
  }
}

/** Splits writes into runs where each starts where the previous ended, keeping their order. */
function adjacentRuns(writes: PendingWrite[]): PendingWrite[][] {
  const runs: PendingWrite[][] = [];
  let run: PendingWrite[] = [];
  let next = -1;
  for (const write of writes) {
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
