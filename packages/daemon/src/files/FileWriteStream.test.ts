import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileWriteStream } from './FileWriteStream.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-filewriter-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileWriteStream', () => {
  it('writes chunks of any size to the file in order and closes it', async () => {
    const data = randomBytes(3 * (1 << 20) + 999);
    const chunks = [];
    for (let at = 0, size = 1; at < data.length; at += size, size = (size * 7 + 13) % 200_000) chunks.push(data.subarray(at, at + size));
    const handle = await open(join(dir, 'out.bin'), 'w');
    await pipeline(chunks, new FileWriteStream(handle));
    expect((await readFile(join(dir, 'out.bin'))).equals(data)).toBe(true);
    expect(handle.fd).toBe(-1);
  });

  it('writes an empty stream as an empty file', async () => {
    const handle = await open(join(dir, 'empty.bin'), 'w');
    await pipeline([], new FileWriteStream(handle));
    expect((await readFile(join(dir, 'empty.bin'))).length).toBe(0);
  });

  it("puts a slow source's bytes on the disk as they come, not once a buffer is full", async () => {
    const source = new PassThrough();
    const done = pipeline(source, new FileWriteStream(await open(join(dir, 'slow.bin'), 'w')));
    source.write('start');
    await vi.waitFor(async () => expect((await stat(join(dir, 'slow.bin'))).size).toBe(5));
    source.end('end');
    await done;
    expect(await readFile(join(dir, 'slow.bin'), 'utf8')).toBe('startend');
  });
});

