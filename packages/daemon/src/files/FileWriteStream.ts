import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { BufferRing } from '../system/BufferRing.js';

const CHUNK = 1 << 20;

/**
 * Writes a stream to an open handle from its start, and closes the handle when it finishes or is
 * destroyed. Each chunk is copied into one of two 1 MiB buffers and dropped at once: an upload's
 * many small chunks (64 KiB or less from the socket) die young instead of waiting in a write queue
 * until V8 must collect the whole heap to free them. A buffer goes to the disk when the disk is
 * idle (at the end of that turn of the event loop) or the buffer is full, so a slow source's bytes
 * reach the disk as they come, and a fast one's in writes of up to 1 MiB while the other buffer fills.
 */
export class FileWriteStream extends Writable {
  private readonly ring = new BufferRing(2, CHUNK);
  private current?: Buffer;
  private filled = 0;
  private position = 0;
  private writing: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private failure?: Error;
  private soon?: NodeJS.Immediate;

  constructor(private readonly handle: FileHandle) {
    super({ highWaterMark: CHUNK });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.append(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    clearImmediate(this.soon);
    if (this.current && this.filled > 0) this.flush();
    this.writing.then(() => callback(this.failure), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearImmediate(this.soon);
    this.ring.close();
    // The handle closes once a write under way has finished.
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  private async append(chunk: Buffer): Promise<void> {
    for (let offset = 0; offset < chunk.length; ) {
      if (this.failure) throw this.failure;
      this.current ??= await this.ring.take();
      if (!this.current) throw new Error('the file writer was destroyed');
      const copied = chunk.copy(this.current, this.filled, offset);
      this.filled += copied;
      offset += copied;
      if (this.filled === CHUNK) this.flush();
      else if (this.inFlight === 0) this.flushSoon();
    }
  }

  /**
   * With the disk idle, what came in goes once this turn of the event loop is over: the socket's
   * reads of one turn (up to 32 of 64 KiB) make one write, not one each (a thread hand-off each).
   */
  private flushSoon(): void {
    if (this.soon) return;
    this.soon = setImmediate(() => {
      this.soon = undefined;
      if (this.inFlight === 0 && this.current && this.filled > 0 && !this.failure) this.flush();
    });
  }

  /** Sends the current buffer to the disk after the writes before it; it is lent again once written. */
  private flush(): void {
    const [buffer, length, position] = [this.current as Buffer, this.filled, this.position];
    this.current = undefined;
    this.filled = 0;
    this.position += length;
    this.inFlight++;
    this.writing = this.writing
      .then(() => (this.failure ? undefined : writeAll(this.handle, buffer, length, position)))
      .catch((error: Error) => void (this.failure ??= error))
      .finally(() => {
        this.inFlight--;
        this.ring.give(buffer);
        // What came in while the disk was busy goes next.
        if (this.inFlight === 0 && this.current && this.filled > 0 && !this.failure) this.flush();
      });
  }
}

async function writeAll(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(buffer, done, length - done, position + done);
    done += bytesWritten;
  }
}
