import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileReader } from './FileReader.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-reader-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('FileReader', () => {
  it('answers READs in flight at once, in any order, from few reads of the file, and an empty answer past the end', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 123);
    await writeFile(join(dir, 'f'), content);
    const file = await open(join(dir, 'f'), 'r');
    const reads = vi.spyOn(file, 'read');
    const reader = new FileReader(file);
    const offsets = Array.from({ length: Math.ceil(content.length / 32768) + 2 }, (_, i) => i * 32768).reverse();
    const answers = await Promise.all(offsets.map((offset) => reader.read(offset, 32768)));
    for (const [i, offset] of offsets.entries()) expect(answers[i]!.equals(content.subarray(offset, offset + 32768))).toBe(true);
    expect(answers[0]!.length).toBe(0);
    // Reversed, each READ past the kept blocks starts one of its own; in order they share 512 KiB blocks.
    reads.mockClear();
    const inOrder = await Promise.all(offsets.reverse().map((offset) => reader.read(offset, 32768)));
    expect(Buffer.concat(inOrder).equals(content)).toBe(true);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(8);
    await file.close();
  });

  it('reads a long file into a few blocks of memory once its answers are released, never into one still held', async () => {
    const content = randomBytes(8 * 1024 * 1024);
    await writeFile(join(dir, 'f'), content);
    const file = await open(join(dir, 'f'), 'r');
    const reader = new FileReader(file);
    // Held, as a reply waiting for the client's window: its bytes must stay as they were read.
    const held = await reader.read(0, 32768);
    const memory = new Set<ArrayBufferLike>();
    for (let offset = 32768; offset < content.length; offset += 131072) {
      const answer = await reader.read(offset, 131072);
      expect(answer.equals(content.subarray(offset, offset + 131072))).toBe(true);
      memory.add(answer.buffer);
      reader.release(answer);
    }
    expect(held.equals(content.subarray(0, 32768))).toBe(true);
    expect(memory.size).toBeLessThan(content.length / (512 * 1024));
    await file.close();
  });

  it('reads the file again once told it changed', async () => {
    await writeFile(join(dir, 'f'), 'old contents');
    const file = await open(join(dir, 'f'), 'r+');
    const reader = new FileReader(file);
    expect((await reader.read(0, 3)).toString()).toBe('old');
    await file.write('new', 0);
    reader.forget();
    expect((await reader.read(0, 3)).toString()).toBe('new');
    await file.close();
  });

  it('fails the READs waiting on a failed read, and reads again for the next', async () => {
    const file = await open(join(dir, 'f'), 'w'); // reading it fails
    const reader = new FileReader(file);
    await expect(Promise.all([reader.read(0, 10), reader.read(10, 10)])).rejects.toMatchObject({ code: 'EBADF' });
    const reads = vi.spyOn(file, 'read');
    await expect(reader.read(0, 10)).rejects.toMatchObject({ code: 'EBADF' });
    expect(reads).toHaveBeenCalledTimes(1);
    await file.close();
  });
});
