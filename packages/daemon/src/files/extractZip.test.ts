import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from './ServerFiles.js';
import { expectCleanAfter, openDescriptors, zeros, zerosZip, zipOf } from './testArchives.js';

const MiB = 1024 * 1024;
let base: string;
let root: string;
let files: ServerFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-extract-zip-'));
  root = join(base, 'server');
  await mkdir(root);
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));


describe('extracting a zip', () => {
  it('refuses a 1 MB zip bomb (1 GiB of zeros) at the limit with ErrQuotaExceeded, writing no more', { timeout: 120_000 }, async () => {
    await writeFile(join(root, 'bomb.zip'), await zerosZip('zeros.bin', 1024 * MiB));
    expect((await stat(join(root, 'bomb.zip'))).size).toBeLessThan(1.1 * MiB);
    const before = openDescriptors();
    await expect(files.extract('bomb.zip', 'out', { maxBytes: 16 * MiB })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', status: 413, metadata: { limit: 16 * MiB } });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await expectCleanAfter(base, before);
  });

  it('keeps the entries written before the one that passed the limit', async () => {
    await writeFile(join(root, 'two.zip'), await zipOf([{ name: 'a.txt', body: 'honest' }, { name: 'b.bin', body: Buffer.alloc(2 * MiB) }]));
    await expect(files.extract('two.zip', 'out', { maxBytes: MiB })).rejects.toMatchObject({ code: 'ErrQuotaExceeded' });
    expect(await readdir(join(root, 'out'))).toEqual(['a.txt']);
  });

  it('refuses a zip with more entries than the limit before writing any', async () => {
    await writeFile(join(root, 'many.zip'), await zipOf(Array.from({ length: 30 }, (_, n) => ({ name: `f${n}`, body: 'x' }))));
    await expect(files.extract('many.zip', 'out', { maxEntries: 10 })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', metadata: { limit: 10 } });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await files.extract('many.zip', 'all', { maxEntries: 30 });
    expect((await readdir(join(root, 'all'))).length).toBe(30);
  });

  it('refuses to fill the disk past its reserve', async () => {
    await writeFile(join(root, 'a.zip'), await zipOf([{ name: 'a.bin', body: Buffer.alloc(MiB) }]));
    // A reserve larger than any disk: nothing fits.
    await expect(files.extract('a.zip', 'out', { reserveBytes: Number.MAX_SAFE_INTEGER })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', metadata: { limit: 0 } });
    expect(await readdir(join(root, 'out'))).toEqual([]);
  });

  it('answers a damaged zip with ErrUnsupportedArchive and leaves nothing open', { timeout: 60_000 }, async () => {
    const honest = await zipOf([{ name: 'zeros.bin', body: zeros(32 * MiB) }]);
    // Garble the deflate data in the middle; the directory at the end still reads.
    const garbled = Buffer.from(honest);
    garbled.fill(0xff, 200, Math.floor(garbled.length / 2));
    await writeFile(join(root, 'garbled.zip'), garbled);
    const before = openDescriptors();
    await expect(files.extract('garbled.zip', 'out')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive', status: 400 });
    await writeFile(join(root, 'cut.zip'), honest.subarray(0, honest.length - 30));
    await expect(files.extract('cut.zip', 'out')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive', status: 400 });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await expectCleanAfter(base, before);
  });
});
