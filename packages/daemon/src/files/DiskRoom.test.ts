import { mkdtemp, readdir, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from './ServerFiles.js';

let base: string;
let root: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-disk-'));
  root = join(base, 'server');
  await new ServerFiles(base).mkdir('server');
});
afterEach(() => rm(base, { recursive: true, force: true }));

/** Free bytes on the disk of the test folder now. */
async function free(): Promise<number> {
  const disk = await statfs(base);
  return disk.bavail * disk.bsize;
}

describe('writes keep the disk reserve', () => {
  it('refuses an upload once the disk is down to its reserve, and a write-open over SFTP too, while reads go on', async () => {
    const files = new ServerFiles(root, { diskReserveBytes: (await free()) + 1024 ** 3 });
    await expect(files.write('big.bin', 'x')).rejects.toMatchObject({ code: 'ErrQuotaExceeded', status: 413 });
    await expect(files.openFile('other.bin', 0o101 /* O_WRONLY | O_CREAT */, 0o644)).rejects.toMatchObject({ code: 'ErrQuotaExceeded' });
    expect(await files.list('')).toEqual([]);
  });

  it('stops an upload that would pass the reserve half-way, leaving no file and no temp file', async () => {
    // Room for about 32 MiB more (other work on the machine may move it a little): 128 MiB cannot fit.
    const files = new ServerFiles(root, { diskReserveBytes: (await free()) - 32 * 1024 ** 2 });
    const chunk = Buffer.alloc(1024 ** 2, 7);
    const upload = Readable.from((function* () {
      for (let i = 0; i < 128; i++) yield chunk;
    })());
    await expect(files.write('big.bin', upload)).rejects.toMatchObject({ code: 'ErrQuotaExceeded' });
    expect(await readdir(root)).toEqual([]);
    // A small file still fits.
    await files.write('small.txt', 'fits');
    expect((await files.list('')).map((entry) => entry.name)).toEqual(['small.txt']);
  });
});
