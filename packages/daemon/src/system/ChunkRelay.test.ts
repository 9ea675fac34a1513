import { randomBytes } from 'node:crypto';
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkRelay } from './ChunkRelay.js';

const data = randomBytes(3 * (1 << 20) + 4321);

/** The data in chunks of uneven sizes, as a socket delivers them. */
function source(): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, size = 1000; at < data.length; at += size, size = (size * 7 + 13) % 70_000) chunks.push(data.subarray(at, at + size));
  return Readable.from(chunks);
}

/** A writable that copies each buffer only a little later, as a slow socket would. */
function slowSink(): { sink: Writable; received: () => Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      setTimeout(() => {
        parts.push(Buffer.from(chunk));
        done();
      }, 1);
    },
  });
  return { sink, received: () => Buffer.concat(parts) };
}

describe('ChunkRelay', () => {
  it('pipes every byte in order into a slow writable, though it reuses its buffers', async () => {
    const relay = new ChunkRelay(source());
    const { sink, received } = slowSink();
    const ended = new Promise((resolve) => relay.once('end', resolve));
    relay.pipe(sink);
    await new Promise((resolve) => sink.once('finish', resolve));
    await ended;
    expect(received().equals(data)).toBe(true);
  });

  it('hands on the same bytes when iterated rather than piped', async () => {
    const parts: Buffer[] = [];
    for await (const chunk of new ChunkRelay(source())) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('passes a bit that trickles in on at once', async () => {
    const trickle = new PassThrough();
    const parts: Buffer[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (parts.push(Buffer.from(chunk)), done()) });
    new ChunkRelay(trickle).pipe(sink);
    trickle.write('first');
    await expect.poll(() => Buffer.concat(parts).toString()).toBe('first');
    trickle.end();
  });

  it('ends its source when the writable goes away, and fails with the source', async () => {
    const trickle = new PassThrough();
    const relay = new ChunkRelay(trickle);
    const { sink } = slowSink();
    relay.pipe(sink);
    sink.destroy();
    await expect.poll(() => trickle.destroyed).toBe(true);
    const failing = new PassThrough();
    const other = new ChunkRelay(failing);
    const failed = new Promise((resolve) => other.once('error', resolve));
    failing.destroy(new Error('cut'));
    expect(await failed).toMatchObject({ message: 'cut' });
  });
});
