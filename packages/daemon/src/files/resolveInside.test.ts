import { mkdtemp, mkdir, symlink, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInside } from './resolveInside.js';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-jail-'));
  root = join(base, 'server');
  await mkdir(join(root, 'world'), { recursive: true });
  await writeFile(join(base, 'secret.txt'), 'not yours');
  await symlink(base, join(root, 'out'));
  await symlink(join(root, 'world'), join(root, 'inlink'));
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe('resolveInside', () => {
  it('resolves plain and leading-slash paths inside the server folder', async () => {
    expect(await resolveInside(root, 'world/level.dat')).toBe(join(root, 'world/level.dat'));
    expect(await resolveInside(root, '/world')).toBe(join(root, 'world'));
    expect(await resolveInside(root, '')).toBe(root);
  });

  it('cannot reach a file outside the server folder with ..', async () => {
    await expect(resolveInside(root, '../secret.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(resolveInside(root, 'world/../../secret.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
  });

  it('treats absolute paths as relative to the server folder', async () => {
    expect(await resolveInside(root, '/etc/passwd')).toBe(join(root, 'etc/passwd'));
  });

  it('cannot follow a symlink that points out, even to a new file below it', async () => {
    await expect(resolveInside(root, 'out/secret.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(resolveInside(root, 'out/new/file.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
  });

  it('follows a symlink that stays inside', async () => {
    expect(await resolveInside(root, 'inlink/x')).toBe(join(root, 'world/x'));
  });

  it('cannot create a file through a dangling symlink that points out', async () => {
    await symlink(join(base, 'not-yet.txt'), join(root, 'dangling'));
    await expect(resolveInside(root, 'dangling')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(resolveInside(root, 'dangling/below')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
  });

  it('follows a dangling symlink that stays inside to where it points', async () => {
    await symlink('world/later.log', join(root, 'latest.log'));
    expect(await resolveInside(root, 'latest.log')).toBe(join(root, 'world/later.log'));
  });
});
