import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, mkdir, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from './ServerFiles.js';
import { tarOf, zipOf, type TarEntry } from './testArchives.js';

let base: string;
let root: string;
let files: ServerFiles;
const outside = { code: 'ErrPathOutsideServer' };

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-extract-'));
  root = join(base, 'server');
  await mkdir(root);
  await writeFile(join(base, 'secret.txt'), 'not yours');
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

const sample: TarEntry[] = [
  { path: 'pack/', type: 'Directory' },
  { path: 'pack/start.sh', body: '#!/bin/sh\necho hi\n', mode: 0o755 },
  { path: 'pack/config/server.properties', body: 'motd=hi\n' },
  { path: 'pack/latest', type: 'SymbolicLink', linkpath: 'config/server.properties' },
  { path: 'pack/copy.properties', type: 'Link', linkpath: 'pack/config/server.properties' },
];

async function expectSample(folder: string): Promise<void> {
  expect(await readFile(join(folder, 'pack/config/server.properties'), 'utf8')).toBe('motd=hi\n');
  expect((await lstat(join(folder, 'pack/start.sh'))).mode & 0o111).not.toBe(0);
  expect(await readlink(join(folder, 'pack/latest'))).toBe('config/server.properties');
  expect(await readFile(join(folder, 'pack/copy.properties'), 'utf8')).toBe('motd=hi\n');
}

describe('extract', () => {
  it('extracts a zip into the destination, creating it', async () => {
    await writeFile(join(root, 'a.zip'), await zipOf([{ name: 'pack/config/server.properties', body: 'motd=hi\n' }, { name: 'pack/run.sh', body: 'x', mode: 0o100755 }]));
    await files.extract('a.zip', 'out/here');
    expect(await readFile(join(root, 'out/here/pack/config/server.properties'), 'utf8')).toBe('motd=hi\n');
    expect((await lstat(join(root, 'out/here/pack/run.sh'))).mode & 0o111).not.toBe(0);
  });

  it('extracts tar, tar.gz, tar.bz2 and tar.xz with folders, links and hard links', async () => {
    const tar = tarOf(sample);
    await writeFile(join(root, 'a.tar'), tar);
    await writeFile(join(root, 'a.tgz'), gzipSync(tar));
    await writeFile(join(root, 'a.tar.bz2'), execFileSync('bzip2', ['-c'], { input: tar }));
    await writeFile(join(root, 'a.tar.xz'), execFileSync('xz', ['-c'], { input: tar }));
    for (const name of ['a.tar', 'a.tgz', 'a.tar.bz2', 'a.tar.xz']) {
      await files.extract(name, `x-${name}`);
      await expectSample(join(root, `x-${name}`));
    }
  });

  it('refuses formats it cannot read, and corrupt compressed data', async () => {
    await writeFile(join(root, 'notes.txt'), 'just text');
    await expect(files.extract('notes.txt', '/')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive' });
    await writeFile(join(root, 'a.7z'), Buffer.from('377abcaf271c0004', 'hex'));
    await expect(files.extract('a.7z', '/')).rejects.toMatchObject({ code: 'ErrUnsupportedArchive' });
    await writeFile(join(root, 'bad.tar.xz'), Buffer.concat([Buffer.from('fd377a585a00', 'hex'), Buffer.alloc(100, 7)]));
    await expect(files.extract('bad.tar.xz', 'bad')).rejects.toThrow();
    await expect(files.extract('missing.zip', '/')).rejects.toMatchObject({ code: 'ErrNotFound' });
  });

  it('writes nothing from a zip with a zip-slip entry', async () => {
    // yazl refuses to write "../", so write "AA/" and patch the bytes (the CRC covers data only).
    const honest = await zipOf([{ name: 'ok.txt', body: 'fine' }, { name: 'AA/AA/secret.txt', body: 'overwritten' }]);
    const slip = Buffer.from(honest.toString('latin1').split('AA/AA/').join('../../'), 'latin1');
    await writeFile(join(root, 'slip.zip'), slip);
    await mkdir(join(root, 'sub'));
    await expect(files.extract('slip.zip', 'sub')).rejects.toMatchObject(outside);
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
    expect(await readdir(join(root, 'sub'))).toEqual([]);
  });

  it('refuses zip entries with absolute names or links that point out', async () => {
    const honest = await zipOf([{ name: 'Xtmp/abs.txt', body: 'x' }]);
    await writeFile(join(root, 'abs.zip'), Buffer.from(honest.toString('latin1').split('Xtmp/').join('/tmp/'), 'latin1'));
    await expect(files.extract('abs.zip', '/')).rejects.toMatchObject(outside);
    await writeFile(join(root, 'link.zip'), await zipOf([{ name: 'out', body: base, mode: 0o120777 }]));
    await expect(files.extract('link.zip', '/')).rejects.toMatchObject(outside);
    expect(await lstat(join(root, 'out')).catch(() => undefined)).toBeUndefined();
  });

  it('refuses tar entries that climb out or are absolute, writing nothing outside', async () => {
    await writeFile(join(root, 'slip.tar'), tarOf([{ path: '../../secret.txt', body: 'overwritten' }]));
    await expect(files.extract('slip.tar', 'sub')).rejects.toMatchObject(outside);
    await writeFile(join(root, 'abs.tar'), tarOf([{ path: join(base, 'secret.txt'), body: 'overwritten' }]));
    await expect(files.extract('abs.tar', '/')).rejects.toMatchObject(outside);
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
  });

  it('refuses a tar symlink entry that points out, and the file written through it after', async () => {
    await writeFile(
      join(root, 'link.tar'),
      tarOf([
        { path: 'out', type: 'SymbolicLink', linkpath: base },
        { path: 'out/secret.txt', body: 'overwritten' },
      ]),
    );
    await expect(files.extract('link.tar', '/')).rejects.toMatchObject(outside);
    await writeFile(join(root, 'rel.tar'), tarOf([{ path: 'up', type: 'SymbolicLink', linkpath: '../..' }, { path: 'up/secret.txt', body: 'x' }]));
    await expect(files.extract('rel.tar', '/')).rejects.toMatchObject(outside);
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
    expect(await readdir(root)).toEqual(['link.tar', 'rel.tar']);
  });

  it('refuses hard links to files outside', async () => {
    await writeFile(join(root, 'hard.tar'), tarOf([{ path: 'copy.txt', type: 'Link', linkpath: '../secret.txt' }]));
    await expect(files.extract('hard.tar', '/')).rejects.toMatchObject(outside);
    await writeFile(join(root, 'hardabs.tar'), tarOf([{ path: 'copy.txt', type: 'Link', linkpath: join(base, 'secret.txt') }]));
    await expect(files.extract('hardabs.tar', '/')).rejects.toMatchObject(outside);
    expect(await lstat(join(root, 'copy.txt')).catch(() => undefined)).toBeUndefined();
  });

  it('cannot extract through a link already in the server folder that points out', async () => {
    await symlink(base, join(root, 'escape'));
    await writeFile(join(root, 'a.tar'), tarOf([{ path: 'secret.txt', body: 'overwritten' }]));
    await expect(files.extract('a.tar', 'escape')).rejects.toMatchObject(outside);
    await expect(files.extract('../secret.txt', '/')).rejects.toMatchObject(outside);
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
  });
});
