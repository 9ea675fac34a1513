import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { httpSink } from './httpSink.js';
import { describe, expect, it } from 'vitest';
import { ChunkRelay } from './ChunkRelay.js';

const data = randomBytes(3 * (1 << 20) + 4321);

/** The data in chunks of uneven sizes, as a socket delivers them. */
function source(): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, size = 1000; at < data.length; at += size, size = (size * 7 + 13) % 70_000) chunks.push(data.subarray(at, at + size));
  return Readable.from(chunks);
}

describe('ChunkRelay', () => {
  it('sends every byte in order through a slow HTTP answer, though it reuses its buffers', async () => {
    const relay = new ChunkRelay(source());
    const ended = new Promise((resolve) => relay.once('end', resolve));
    const { received } = await httpSink((answer) => relay.pipe(answer));
    expect((await received).equals(data)).toBe(true);
    await ended;
  });

  it('hands the chunks on as they are to a destination that keeps chunks after calling back', async () => {
    const relay = new ChunkRelay(source());
    const held = new PassThrough({ highWaterMark: 64 << 20 });
    relay.pipe(held);
    await new Promise((resolve) => relay.once('end', resolve));
    expect((await buffer(held)).equals(data)).toBe(true);
  });

  it('hands on the same bytes when iterated rather than piped', async () => {
    const parts: Buffer[] = [];
    for await (const chunk of new ChunkRelay(source())) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('passes a bit that trickles in on at once', async () => {
    const trickle = new PassThrough();
    const { soFar, received } = await httpSink((answer) => new ChunkRelay(trickle).pipe(answer), { slow: false });
    trickle.write('first');
    await expect.poll(() => soFar().toString()).toBe('first');
    trickle.end();
    expect((await received).toString()).toBe('first');
  });

  it('ends its source when the writable goes away, and fails with the source', async () => {
    const trickle = new PassThrough();
    const relay = new ChunkRelay(trickle);
    const { cut, soFar } = await httpSink((answer) => relay.pipe(answer));
    trickle.write('some');
    await expect.poll(() => soFar().length).toBeGreaterThan(0);
    cut();
    await expect.poll(() => trickle.destroyed).toBe(true);
    const failing = new PassThrough();
    const other = new ChunkRelay(failing);
    const failed = new Promise((resolve) => other.once('error', resolve));
    failing.destroy(new Error('cut'));
    expect(await failed).toMatchObject({ message: 'cut' });
  });
});
