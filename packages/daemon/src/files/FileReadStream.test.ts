import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { httpSink } from '../system/httpSink.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileReadStream } from './FileReadStream.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-filestream-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileReadStream', () => {
  const data = randomBytes(5 * (1 << 20) + 12345);

  it('sends a file of several MiB whole and in order through a slow HTTP answer, though it reuses its buffers', async () => {
    await writeFile(join(dir, 'big.bin'), data);
    const stream = new FileReadStream(await open(join(dir, 'big.bin')));
    const ended = new Promise((resolve) => stream.once('end', resolve));
    const { received } = await httpSink((answer) => stream.pipe(answer));
    expect((await received).equals(data)).toBe(true);
    await ended;
  });

  it('gives a fresh buffer per chunk to a destination that keeps chunks after calling back', async () => {
    await writeFile(join(dir, 'big.bin'), data);
    const stream = new FileReadStream(await open(join(dir, 'big.bin')));
    const held = new PassThrough({ highWaterMark: 64 << 20 });
    stream.pipe(held);
    // Nothing reads the PassThrough until the whole file is in it: a reused buffer would show here.
    await new Promise((resolve) => stream.once('end', resolve));
    expect((await buffer(held)).equals(data)).toBe(true);
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
    const closed = new Promise((resolve) => stream.once('close', resolve));
    const { cut, soFar } = await httpSink((answer) => stream.pipe(answer));
    await expect.poll(() => soFar().length).toBeGreaterThan(0);
    cut();
    await closed;
    expect(stream.destroyed).toBe(true);
  });
});
