import { chmod, chown, mkdir, mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeServerFolders } from './serverFoldersPlace.js';
import { daemonIsRoot } from './serverUsers.js';

let dir: string;
/** Stands for /var/lib/outpost. */
let elsewhere: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-place-'));
  await chmod(dir, 0o711);
  elsewhere = join(dir, 'var-lib-outpost');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('where server folders live', () => {
  it('beside the definitions when every folder above is open to others (or the daemon is not root)', async () => {
    const serversDir = join(dir, 'data', 'servers');
    expect(await placeServerFolders(serversDir, elsewhere)).toEqual({ folder: serversDir });
  });

  it.runIf(daemonIsRoot())('elsewhere, once and for good, when a folder above is closed to others; leftovers move along with their owner', async () => {
    const closed = join(dir, 'clone');
    const serversDir = join(closed, 'data', 'servers');
    await mkdir(join(serversDir, 'abcd0123'), { recursive: true });
    await chown(join(serversDir, 'abcd0123'), 912_345, 912_345);
    await chmod(closed, 0o700);

    const place = await placeServerFolders(serversDir, elsewhere);
    expect(place.folder.startsWith(`${elsewhere}/`)).toBe(true);
    expect(place.notice).toBe(`Server folders are in ${place.folder}, as their own users cannot search ${closed}.`);
    // Root's, passable but not listable by the servers' users.
    for (const folder of [elsewhere, join(place.folder, '..')]) {
      const info = await stat(folder);
      expect([info.uid, info.mode & 0o777]).toEqual([0, 0o711]);
    }
    // A folder made before the move keeps its user.
    expect((await stat(join(place.folder, 'abcd0123'))).uid).toBe(912_345);
    expect(await readdir(serversDir)).toEqual([]);

    // Opened later: the folders stay where their files are.
    await chmod(closed, 0o711);
    expect((await placeServerFolders(serversDir, elsewhere)).folder).toBe(place.folder);
    // Another data folder gets a place of its own.
    const other = join(dir, 'other', 'servers');
    await mkdir(other, { recursive: true });
    await chmod(join(dir, 'other'), 0o700);
    const second = await placeServerFolders(other, elsewhere);
    expect(second.folder).not.toBe(place.folder);
    expect(await realpath(join(second.folder, '..', '..'))).toBe(await realpath(elsewhere));
  });

  it.runIf(daemonIsRoot())('refuses to start, naming the folder to open, when the other place is closed too; and makes nothing there', async () => {
    const serversDir = join(dir, 'clone', 'data', 'servers');
    await mkdir(serversDir, { recursive: true });
    await chmod(join(dir, 'clone'), 0o700);
    const shut = join(dir, 'shut');
    await mkdir(shut, { mode: 0o700 });
    await chmod(shut, 0o700);
    const error = await placeServerFolders(serversDir, join(shut, 'outpost')).catch((caught: Error) => caught);
    expect((error as Error).message).toBe(
      `Servers cannot run on this node: their own users cannot search ${join(dir, 'clone')}, which holds the servers folder, nor ${shut}, where Outpost puts their folders instead; make ${shut} searchable by others (chmod o+x ${shut}).`,
    );
    expect(await readdir(join(shut, 'outpost'))).toEqual([]);
  });

  it.runIf(daemonIsRoot())('refuses a place another user could change', async () => {
    const serversDir = join(dir, 'clone', 'data', 'servers');
    await mkdir(serversDir, { recursive: true });
    await chmod(join(dir, 'clone'), 0o700);
    await mkdir(elsewhere, { mode: 0o711 });
    await chown(elsewhere, 912_346, 912_346);
    await expect(placeServerFolders(serversDir, elsewhere)).rejects.toThrow(`${elsewhere} must be a folder owned by root that only root may write`);
    await chown(elsewhere, 0, 0);
    await chmod(elsewhere, 0o775);
    await expect(placeServerFolders(serversDir, elsewhere)).rejects.toThrow(/only root may write/);
  });
});
