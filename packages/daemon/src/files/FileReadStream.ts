import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BufferRing } from '../system/BufferRing.js';
import { releasesWrittenBuffers } from '../system/releasesWrittenBuffers.js';

const CHUNK = 1 << 20;

/**
 * A file's contents from an open handle, which it closes when it ends or is destroyed. Piped into
 * an HTTP answer or a socket (as Fastify does with an answer's stream), it reads 1 MiB at a time into three
 * buffers that it reuses once the writable has written each (its write callback), so a download
 * of any size allocates 3 MiB and the next reads overlap the last write. Read any other way, each
 * chunk is a buffer of its own.
 */
export class FileReadStream extends Readable {
  private position = 0;
  private ring?: BufferRing;

  constructor(private readonly handle: FileHandle) {
    super({ highWaterMark: CHUNK });
  }

  override _read(): void {
    const buffer = Buffer.allocUnsafeSlow(CHUNK);
    this.handle.read(buffer, 0, CHUNK, this.position).then(
      ({ bytesRead }) => {
        this.position += bytesRead;
        this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.ring?.close();
    // The handle closes once a read under way has finished.
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Only a stream nobody reads yet, into a destination that is done with a buffer when it calls back.
    if (this.ring || this.readableFlowing !== null || this.readableLength > 0 || this.destroyed || !releasesWrittenBuffers(destination)) {
      return super.pipe(destination, options);
    }
    this.ring = new BufferRing(3, CHUNK);
    this.pump(destination, this.ring, options?.end !== false).catch((error: Error) => this.destroy(error));
    return destination;
  }

  private async pump(destination: NodeJS.WritableStream, ring: BufferRing, end: boolean): Promise<void> {
    // Like pipe: a destination that goes away ends the reading.
    const stop = () => this.destroy();
    destination.once('close', stop);
    try {
      for (;;) {
        const buffer = await ring.take();
        if (!buffer || this.destroyed) return;
        const { bytesRead } = await this.handle.read(buffer, 0, CHUNK, this.position);
        if (this.destroyed) return;
        if (bytesRead === 0) break;
        this.position += bytesRead;
        destination.write(bytesRead === CHUNK ? buffer : buffer.subarray(0, bytesRead), () => ring.give(buffer));
      }
    } finally {
      destination.off('close', stop);
    }
    if (end) destination.end();
    // Ends this stream as a piped one ends, for whoever watches it ('end', then 'close').
    this.push(null);
    this.resume();
  }
}
