import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileWriter } from './FileWriter.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-writer-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('FileWriter', () => {
  it('writes requests at their offsets, in or out of order', async () => {
    const file = await open(join(dir, 'f'), 'w');
    const writer = new FileWriter(file);
    await Promise.all([writer.write(0, Buffer.from('ab')), writer.write(2, Buffer.from('cd')), writer.write(8, Buffer.from('ij')), writer.write(4, Buffer.from('efgh'))]);
    await writer.idle();
    await file.close();
    expect(await readFile(join(dir, 'f'), 'utf8')).toBe('abcdefghij');
  });

  it('reports a failed write on the next write and when the file is closed', async () => {
    await writeFile(join(dir, 'f'), 'old');
    const file = await open(join(dir, 'f'), 'r'); // writing to it fails
    const writer = new FileWriter(file);
    expect(writer.write(0, Buffer.from('new'))).toBeUndefined(); // acknowledged before it fails
    await expect(writer.idle()).rejects.toMatchObject({ code: 'EBADF' });
    await expect(writer.write(3, Buffer.from('x'))).rejects.toMatchObject({ code: 'EBADF' });
    await file.close();
  });
});
