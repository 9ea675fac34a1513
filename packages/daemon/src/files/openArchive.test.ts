import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArchiveDestination } from './ArchiveDestination.js';
import { extractTar } from './extractTar.js';
import { extractZip } from './extractZip.js';
import { ServerFiles } from './ServerFiles.js';
import { openDescriptors } from './testArchives.js';

let base: string;
let root: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-open-archive-'));
  root = join(base, 'server');
  await mkdir(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('opening an archive', () => {
  // A server's program can make a FIFO in its folder; opening one for reading waits for a writer,
  // holding one of libuv's four threads each time, until the daemon's file work stops.
  it('refuses a FIFO named like an archive with ErrNotAFile instead of waiting on it', async () => {
    for (const name of ['pipe.tar.gz', 'pipe.zip', 'pipe.tar']) execFileSync('mkfifo', [join(root, name)]);
    const before = openDescriptors();
    const files = new ServerFiles(root);
    for (const name of ['pipe.tar.gz', 'pipe.zip', 'pipe.tar']) {
      await expect(files.extract(name, 'out')).rejects.toMatchObject({ code: 'ErrNotAFile', status: 400 });
    }
    // As if the file were swapped for a FIFO after its format was read.
    const destination = new ArchiveDestination(root, 'out');
    await expect(extractTar(join(root, 'pipe.tar'), 'tar.gz', destination)).rejects.toMatchObject({ code: 'ErrNotAFile' });
    await expect(extractZip(join(root, 'pipe.zip'), destination)).rejects.toMatchObject({ code: 'ErrNotAFile' });
    await expect(files.extract('/', 'out')).rejects.toMatchObject({ code: 'ErrNotAFile' });
    expect((await readdir(root)).sort()).toEqual(['pipe.tar', 'pipe.tar.gz', 'pipe.zip']);
    await vi.waitFor(() => expect(openDescriptors()).toBeLessThanOrEqual(before));
  });
});
