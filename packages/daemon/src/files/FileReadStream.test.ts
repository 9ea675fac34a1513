import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileReadStream } from './FileReadStream.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-filestream-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A writable that holds each buffer it is given and copies it only later, as a slow socket would. */
function slowSink(): { sink: Writable; received: () => Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      setTimeout(() => {
        parts.push(Buffer.from(chunk));
        done();
      }, 2);
    },
  });
  return { sink, received: () => Buffer.concat(parts) };
}

describe('FileReadStream', () => {
  const data = randomBytes(5 * (1 << 20) + 12345);

  it('pipes a file of several MiB whole and in order, though it reuses its buffers', async () => {
    await writeFile(join(dir, 'big.bin'), data);
    const stream = new FileReadStream(await open(join(dir, 'big.bin')));
    const { sink, received } = slowSink();
    const ended = new Promise((resolve) => stream.once('end', resolve));
    stream.pipe(sink);
    await new Promise((resolve) => sink.once('finish', resolve));
    await ended;
    expect(received().equals(data)).toBe(true);
  });

  it('reads the same bytes when iterated rather than piped', async () => {
    await writeFile(join(dir, 'big.bin'), data);
    const parts: Buffer[] = [];
    for await (const chunk of new FileReadStream(await open(join(dir, 'big.bin')))) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('stops reading and closes when its destination goes away', async () => {
    await writeFile(join(dir, 'big.bin'), data);
    const stream = new FileReadStream(await open(join(dir, 'big.bin')));
    const { sink } = slowSink();
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.pipe(sink);
    setTimeout(() => sink.destroy(), 5);
    await closed;
    expect(stream.destroyed).toBe(true);
  });
});
