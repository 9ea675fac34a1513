import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutpostError } from '@outpost/shared';
import { ServerFiles } from './ServerFiles.js';
import { expectCleanAfter, openDescriptors, tarOf, writeZerosTarGz, zerosTar, type TarEntry } from './testArchives.js';

const MiB = 1024 * 1024;
let base: string;
let root: string;
let files: ServerFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-extract-tar-'));
  root = join(base, 'server');
  await mkdir(root);
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));


describe('extracting a tar', () => {
  // tar's Parser inflated each 64 KiB read at once, hit its own ratio guard (1000:1) and aborted
  // without ending the entry, so the write waiting on it never settled: the request hung with the
  // archive's descriptor, the temp file and the buffered data. The test's timeout is the bound.
  it('extracts a tar.gz of 256 MiB of zeros (256 KiB packed) to the end and leaves nothing open', { timeout: 120_000 }, async () => {
    await writeZerosTarGz(join(root, 'zeros.tar.gz'), 'zeros.bin', 256 * MiB);
    expect((await stat(join(root, 'zeros.tar.gz'))).size).toBeLessThan(MiB);
    const before = openDescriptors();
    await files.extract('zeros.tar.gz', 'out');
    expect((await stat(join(root, 'out/zeros.bin'))).size).toBe(256 * MiB);
    await expectCleanAfter(base, before);
  });

  it('stops a tar.gz of zeros at the size limit with ErrQuotaExceeded and removes the partial file', { timeout: 60_000 }, async () => {
    await writeZerosTarGz(join(root, 'zeros.tar.gz'), 'zeros.bin', 128 * MiB);
    const before = openDescriptors();
    await expect(files.extract('zeros.tar.gz', 'out', { maxBytes: 16 * MiB })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', status: 413, metadata: { limit: 16 * MiB } });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await expectCleanAfter(base, before);
  });

  it('stops a tar.xz at the limit and ends its decompressor', { timeout: 60_000 }, async () => {
    const xz = spawn('xz', ['-0', '-c'], { stdio: ['pipe', 'pipe', 'inherit'] });
    await Promise.all([pipeline(zerosTar('zeros.bin', 64 * MiB), xz.stdin), pipeline(xz.stdout, createWriteStream(join(root, 'zeros.tar.xz')))]);
    const before = openDescriptors();
    await expect(files.extract('zeros.tar.xz', 'out', { maxBytes: 4 * MiB })).rejects.toMatchObject({ code: 'ErrQuotaExceeded' });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await expectCleanAfter(base, before);
  });

  it('answers a truncated tar.gz with ErrUnsupportedArchive and leaves nothing open', { timeout: 60_000 }, async () => {
    await writeZerosTarGz(join(root, 'cut.tar.gz'), 'zeros.bin', 64 * MiB);
    await truncate(join(root, 'cut.tar.gz'), Math.floor((await stat(join(root, 'cut.tar.gz'))).size / 2));
    const before = openDescriptors();
    await expect(files.extract('cut.tar.gz', 'out')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive', status: 400 });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await expectCleanAfter(base, before);
  });

  it('counts each hard link as a copy, so links cannot multiply one file past the limit', async () => {
    const links = Array.from({ length: 20 }, (_, n) => ({ path: `copy-${n}`, type: 'Link' as const, linkpath: 'big' }));
    await writeFile(join(root, 'links.tar'), tarOf([{ path: 'big', body: Buffer.alloc(MiB, 1) }, ...links]));
    await expect(files.extract('links.tar', 'out', { maxBytes: 4 * MiB })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', metadata: { limit: 4 * MiB } });
    expect((await readdir(join(root, 'out'))).length).toBeLessThanOrEqual(4);
  });

  it('refuses a hard link to a file the archive did not hold itself', async () => {
    await writeFile(join(root, 'world.dat'), 'a large world');
    await writeFile(join(root, 'link.tar'), tarOf([{ path: 'copy.dat', type: 'Link', linkpath: 'world.dat' }]));
    await expect(files.extract('link.tar', '/')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive' });
    await expect(stat(join(root, 'copy.dat'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses an archive with more entries than the limit', async () => {
    const many = Array.from({ length: 30 }, (_, n) => ({ path: `f${n}`, body: 'x' }));
    await writeFile(join(root, 'many.tar'), tarOf(many));
    await expect(files.extract('many.tar', 'out', { maxEntries: 10 })).rejects.toMatchObject({ code: 'ErrQuotaExceeded', metadata: { limit: 10 } });
    expect((await readdir(join(root, 'out'))).length).toBe(10);
    await files.extract('many.tar', 'all', { maxEntries: 30 });
    expect(await readFile(join(root, 'all/f29'), 'utf8')).toBe('x');
  });

  it('answers a 4xx, never a 5xx, for entries that clash with earlier ones', async () => {
    const clashes: Record<string, TarEntry[]> = {
      'a link loop written through': [{ path: 'a', type: 'SymbolicLink', linkpath: 'a' }, { path: 'a/x', body: 'x' }],
      'two links pointing at each other': [{ path: 'a', type: 'SymbolicLink', linkpath: 'b' }, { path: 'b', type: 'SymbolicLink', linkpath: 'a' }, { path: 'a/x', body: 'x' }],
      'a file below a file': [{ path: 'a', body: 'x' }, { path: 'a/b', body: 'x' }],
      'a file over a folder': [{ path: 'a/', type: 'Directory' }, { path: 'a', body: 'x' }],
      'a folder over a file': [{ path: 'a', body: 'x' }, { path: 'a/', type: 'Directory' }],
      'a link over a folder': [{ path: 'a/', type: 'Directory' }, { path: 'a/f', body: 'x' }, { path: 'a', type: 'SymbolicLink', linkpath: 'b' }],
      'a hard link to a folder': [{ path: 'a/', type: 'Directory' }, { path: 'h', type: 'Link', linkpath: 'a' }],
      'a hard link over a folder': [{ path: 'f', body: 'x' }, { path: 'd/', type: 'Directory' }, { path: 'd', type: 'Link', linkpath: 'f' }],
      'a link with no target': [{ path: 'l', type: 'SymbolicLink', linkpath: '' }],
    };
    for (const [what, entries] of Object.entries(clashes)) {
      await rm(join(root, 'out'), { recursive: true, force: true });
      await writeFile(join(root, 'clash.tar'), tarOf(entries));
      const error = await files.extract('clash.tar', 'out').then(() => undefined, (error: unknown) => error);
      expect(error, what).toBeInstanceOf(OutpostError);
      expect((error as OutpostError).status, what).toBeLessThan(500);
      expect((error as OutpostError).message, what).not.toContain(base);
    }
  });

  it('says which program a tar.bz2 needs when the node lacks it, and when the data is corrupt', async () => {
    await writeFile(join(root, 'a.tar.bz2'), execFileSync('bzip2', ['-c'], { input: tarOf([{ path: 'f', body: 'x' }]) }));
    vi.stubEnv('PATH', join(base, 'no-programs-here'));
    try {
      await expect(files.extract('a.tar.bz2', 'out')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive', message: expect.stringContaining('needs the bzip2 program') });
    } finally {
      vi.unstubAllEnvs();
    }
    await writeFile(join(root, 'bad.tar.bz2'), Buffer.concat([Buffer.from('BZh91AY&SY'), Buffer.alloc(4000, 7)]));
    await expect(files.extract('bad.tar.bz2', 'out')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive', message: expect.stringContaining('bzip2 could not read') });
  });
});
