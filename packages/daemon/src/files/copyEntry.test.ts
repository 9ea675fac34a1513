import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from './ServerFiles.js';

let base: string;
let root: string;
let files: ServerFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-copy-'));
  root = join(base, 'server');
  await mkdir(join(root, 'world/region'), { recursive: true });
  await writeFile(join(root, 'world/level.dat'), 'level');
  await writeFile(join(root, 'world/region/r.0.0.mca'), 'region');
  await writeFile(join(base, 'secret.txt'), 'not yours');
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('copying through the jail', () => {
  it('copies a folder with its contents and keeps a link inside it as a link with the same text, as cp -r does', async () => {
    await symlink('level.dat', join(root, 'world/latest'));
    await files.copy('world', 'backup/world');
    expect(await readFile(join(root, 'backup/world/region/r.0.0.mca'), 'utf8')).toBe('region');
    expect((await lstat(join(root, 'backup/world/latest'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'backup/world/latest'))).toBe('level.dat');
    expect(await readFile(join(root, 'world/level.dat'), 'utf8')).toBe('level');
  });

  it('follows a link given as the source only to a file inside, and never copies from outside', async () => {
    await symlink(join(root, 'world/level.dat'), join(root, 'level-link'));
    await files.copy('level-link', 'level-copy.dat');
    expect((await lstat(join(root, 'level-copy.dat'))).isFile()).toBe(true);
    await symlink(join(base, 'secret.txt'), join(root, 'secret-link'));
    await expect(files.copy('secret-link', 'stolen.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(lstat(join(root, 'stolen.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a folder whose link would lead out from its new place, writing nothing', async () => {
    // "../../world" leads to the server's world from a/b, and out of the server folder from a folder at the top.
    await mkdir(join(root, 'a/b'), { recursive: true });
    await writeFile(join(root, 'a/b/plain.txt'), 'plain');
    await symlink('../../world', join(root, 'a/b/up'));
    await files.copy('a/b', 'c/d');
    expect(await readlink(join(root, 'c/d/up'))).toBe('../../world');
    await expect(files.copy('a/b', 'e')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(lstat(join(root, 'e'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a target that exists and a folder into itself', async () => {
    await expect(files.copy('world', 'world/region/inner')).rejects.toMatchObject({ code: 'ErrInvalidPath' });
    await expect(files.copy('world/level.dat', 'world/region/r.0.0.mca')).rejects.toMatchObject({ code: 'ErrAlreadyExists' });
    expect(await readFile(join(root, 'world/region/r.0.0.mca'), 'utf8')).toBe('region');
  });
});
