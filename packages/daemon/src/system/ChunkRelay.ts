import { Readable } from 'node:stream';
import { releasesWrittenBuffers } from './releasesWrittenBuffers.js';

const CHUNK = 1 << 20;

/**
 * Passes on another stream's bytes (a remote node's answer to a download). Piped into an HTTP
 * answer or a socket (as Fastify does with an answer's stream), it copies the source's small chunks into two 1 MiB
 * buffers it reuses and writes a buffer whenever the writable is idle or the buffer is full: the
 * source's chunks die young, the writable sees few large writes, and the source is read while the
 * last write is under way (it pauses only when both buffers wait on the writable). Read any other
 * way, it hands on the source's chunks as they are.
 */
export class ChunkRelay extends Readable {
  private piped = false;
  private listening = false;

  constructor(private readonly source: Readable) {
    super({ highWaterMark: CHUNK });
    source.once('error', (error) => this.destroy(error));
  }

  override _read(): void {
    if (!this.listening) {
      this.listening = true;
      this.source.on('data', (chunk: Buffer) => {
        if (!this.push(chunk)) this.source.pause();
      });
      this.source.once('end', () => this.push(null));
    }
    this.source.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.destroy();
    callback(error);
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Only a relay nobody reads yet, into a destination that is done with a buffer when it calls back.
    if (this.piped || this.listening || this.readableFlowing !== null || this.destroyed || !releasesWrittenBuffers(destination)) {
      return super.pipe(destination, options);
    }
    this.piped = true;
    const free: Buffer<ArrayBufferLike>[] = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
    // Bytes that came while both buffers waited on the writable (the source is paused meanwhile).
    const waiting: Buffer<ArrayBufferLike>[] = [];
    let current: Buffer<ArrayBufferLike> | undefined;
    let filled = 0;
    let inFlight = 0;
    let ended = false;
    const stop = () => this.destroy();
    const finish = () => {
      destination.off('close', stop);
      if (options?.end !== false) destination.end();
      // Ends this stream as a piped one ends, for whoever watches it ('end', then 'close').
      this.push(null);
      this.resume();
    };
    const send = () => {
      const [buffer, length] = [current as Buffer, filled];
      current = undefined;
      filled = 0;
      inFlight++;
      destination.write(length === CHUNK ? buffer : buffer.subarray(0, length), () => {
        inFlight--;
        free.push(buffer);
        if (this.destroyed) return;
        while (waiting.length > 0 && take(waiting.shift() as Buffer));
        if (inFlight === 0 && current && filled > 0) send();
        if (waiting.length > 0) return;
        if (ended && inFlight === 0 && !current) finish();
        else if (!ended) this.source.resume();
      });
    };
    /** Copies a chunk in, sending full buffers; false (the rest kept) when no buffer is free. */
    const take = (chunk: Buffer): boolean => {
      for (let offset = 0; offset < chunk.length; ) {
        current ??= free.pop();
        if (!current) {
          waiting.unshift(chunk.subarray(offset));
          return false;
        }
        const copied = chunk.copy(current, filled, offset);
        filled += copied;
        offset += copied;
        if (filled === CHUNK) send();
      }
      return true;
    };
    destination.once('close', stop);
    this.source.on('data', (chunk: Buffer) => {
      if (waiting.length > 0) waiting.push(chunk);
      else if (take(chunk)) {
        if (inFlight === 0 && current && filled > 0) send();
        return;
      }
      this.source.pause();
    });
    this.source.once('end', () => {
      ended = true;
      if (waiting.length > 0) return;
      if (current && filled > 0) send();
      else if (inFlight === 0) finish();
    });
    return destination;
  }
}
