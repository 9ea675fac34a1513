import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile, lstat, readlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ServerFiles } from './ServerFiles.js';
import { archiveNameFor, MaxEditableFileSize, isArchiveName, isImageName } from './fileLimits.js';

let base: string;
let root: string;
let files: ServerFiles;
const outside = { code: 'ErrPathOutsideServer' };
const missing = { code: 'ErrNotFound', status: 404 };

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-files-'));
  root = join(base, 'server');
  await mkdir(join(root, 'world/region'), { recursive: true });
  await writeFile(join(root, 'server.properties'), 'motd=hi\n');
  await writeFile(join(root, 'world/level.dat'), 'level');
  await writeFile(join(base, 'secret.txt'), 'not yours');
  await symlink(base, join(root, 'out'));
  await symlink(join(base, 'secret.txt'), join(root, 'secret-link'));
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('list and stat', () => {
  it('lists folders first, then files, by name, with sizes and times in seconds', async () => {
    // A known time with a fraction of a second: the listing shows whole seconds.
    await utimes(join(root, 'server.properties'), 1_000_000_000, 1_000_000_000.75);
    const entries = await files.list('/');
    expect(entries.map((e) => e.name)).toEqual(['world', 'out', 'secret-link', 'server.properties']);
    const props = entries.find((e) => e.name === 'server.properties')!;
    expect(props).toMatchObject({ isFile: true, size: 8, modifyTime: 1_000_000_000 });
  });

  it('shows a link that points out as an empty file, revealing nothing of its target', async () => {
    const link = (await files.list('')).find((e) => e.name === 'secret-link');
    expect(link).toMatchObject({ isFile: true, size: 0 });
  });

  it('stats a file and answers 404 for a missing one', async () => {
    expect(await files.stat('world/level.dat')).toMatchObject({ name: 'level.dat', isFile: true, size: 5 });
    await expect(files.stat('nope.txt')).rejects.toMatchObject(missing);
    await expect(files.list('nope')).rejects.toMatchObject(missing);
  });

  it('cannot list or stat outside the server folder', async () => {
    await expect(files.list('..')).rejects.toMatchObject(outside);
    await expect(files.list('out')).rejects.toMatchObject(outside);
    await expect(files.stat('../secret.txt')).rejects.toMatchObject(outside);
    await expect(files.stat('secret-link')).rejects.toMatchObject(outside);
    // An absolute path means the server folder, not the machine's.
    await expect(files.stat(join(base, 'secret.txt'))).rejects.toMatchObject(missing);
  });
});

describe('readStream', () => {
  it('reads a file with its size, and refuses folders and missing files', async () => {
    const { stream, size } = await files.readStream('/server.properties');
    expect(size).toBe(8);
    expect(await text(stream)).toBe('motd=hi\n');
    await expect(files.readStream('world')).rejects.toMatchObject({ status: 400 });
    await expect(files.readStream('nope')).rejects.toMatchObject(missing);
  });

  it('cannot read a file outside the server folder', async () => {
    await expect(files.readStream('../secret.txt')).rejects.toMatchObject(outside);
    await expect(files.readStream('out/secret.txt')).rejects.toMatchObject(outside);
    await expect(files.readStream('secret-link')).rejects.toMatchObject(outside);
  });
});

describe('write', () => {
  it('writes strings, buffers and streams, creating parent folders', async () => {
    await files.write('a.txt', 'text');
    await files.write('/deep/er/b.bin', Buffer.from([1, 2, 3]));
    await files.write('c.txt', Readable.from(['str', 'eam']));
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('text');
    expect(await readFile(join(root, 'deep/er/b.bin'))).toEqual(Buffer.from([1, 2, 3]));
    expect(await readFile(join(root, 'c.txt'), 'utf8')).toBe('stream');
  });

  it('keeps the old file whole and leaves no temp file when an upload fails halfway', async () => {
    const failing = new Readable({
      read() {
        this.push('half of the new ');
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(files.write('server.properties', failing)).rejects.toThrow('connection lost');
    expect(await readFile(join(root, 'server.properties'), 'utf8')).toBe('motd=hi\n');
    expect((await readdir(root)).some((n) => n.includes('outpost-upload'))).toBe(false);
  });

  it('cannot create a file outside the server folder', async () => {
    await expect(files.write('../evil.txt', 'x')).rejects.toMatchObject(outside);
    await expect(files.write('out/evil.txt', 'x')).rejects.toMatchObject(outside);
    await expect(files.write('secret-link', 'x')).rejects.toMatchObject(outside);
    await symlink(join(base, 'planted.txt'), join(root, 'dangling'));
    await expect(files.write('dangling', 'x')).rejects.toMatchObject(outside);
    expect(await readdir(base)).toEqual(['secret.txt', 'server']);
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
  });
});

describe('mkdir, delete and rename', () => {
  it('creates folders, deletes files and folders, and refuses the server folder itself', async () => {
    await files.mkdir('plugins/conf');
    expect((await lstat(join(root, 'plugins/conf'))).isDirectory()).toBe(true);
    await files.delete('world');
    await files.delete('/server.properties');
    expect(await readdir(root)).toEqual(expect.not.arrayContaining(['world', 'server.properties']));
    await expect(files.delete('/')).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await expect(files.delete('')).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await expect(files.delete('nope')).rejects.toMatchObject(missing);
  });

  it('deletes a link itself, never what it points at', async () => {
    await files.delete('out');
    await files.delete('secret-link');
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
  });

  it('cannot create or delete outside the server folder', async () => {
    await expect(files.mkdir('../evil')).rejects.toMatchObject(outside);
    await expect(files.mkdir('out/evil')).rejects.toMatchObject(outside);
    await expect(files.delete('../secret.txt')).rejects.toMatchObject(outside);
    await expect(files.delete('out/secret.txt')).rejects.toMatchObject(outside);
    expect(await readdir(base)).toEqual(['secret.txt', 'server']);
  });

  it('renames and moves, but never over an existing name', async () => {
    await files.rename('server.properties', 'config/server.properties');
    expect(await readFile(join(root, 'config/server.properties'), 'utf8')).toBe('motd=hi\n');
    await expect(files.rename('world', 'config/server.properties')).rejects.toMatchObject({ status: 409, code: 'ErrAlreadyExists' });
    await expect(files.rename('nope', 'x')).rejects.toMatchObject(missing);
    await expect(files.rename('world', 'world/region/w')).rejects.toMatchObject({ status: 400 });
  });

  it('cannot move files out of or into the server folder', async () => {
    await expect(files.rename('world/level.dat', '../level.dat')).rejects.toMatchObject(outside);
    await expect(files.rename('world/level.dat', 'out/level.dat')).rejects.toMatchObject(outside);
    await expect(files.rename('../secret.txt', 'mine.txt')).rejects.toMatchObject(outside);
    await expect(files.rename('out/secret.txt', 'mine.txt')).rejects.toMatchObject(outside);
    // A link that leads out (planted by the server's program) is not moved, as it could not be made there.
    await expect(files.rename('secret-link', 'moved-link')).rejects.toMatchObject(outside);
    expect(await readlink(join(root, 'secret-link'))).toBe(join(base, 'secret.txt'));
    await expect(lstat(join(root, 'moved-link'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('archive', () => {
  async function zipNames(path: string): Promise<string[]> {
    const zip = await yauzl.openPromise(path, { lazyEntries: true });
    const names: string[] = [];
    await new Promise<void>((done, fail) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', done);
      zip.on('error', fail);
      zip.readEntry();
    });
    return names.sort();
  }

  it('zips folders recursively and files under their own names, leaving out links that point out', async () => {
    await symlink(join(base, 'secret.txt'), join(root, 'world/secret-link'));
    await files.archive('backup.zip', ['world', 'server.properties']);
    expect(await zipNames(join(root, 'backup.zip'))).toEqual(['server.properties', 'world/', 'world/level.dat', 'world/region/']);
  });

  it('zips the whole server folder without the zip itself or anything a link leads out to', async () => {
    await files.archive('/all.zip', ['/']);
    const names = await zipNames(join(root, 'all.zip'));
    expect(names).toEqual(['server.properties', 'world/', 'world/level.dat', 'world/region/']);
  });

  it('cannot zip from or into places outside the server folder', async () => {
    await expect(files.archive('x.zip', ['../secret.txt'])).rejects.toMatchObject(outside);
    await expect(files.archive('x.zip', ['out'])).rejects.toMatchObject(outside);
    await expect(files.archive('x.zip', ['secret-link'])).rejects.toMatchObject(outside);
    await expect(files.archive('../x.zip', ['world'])).rejects.toMatchObject(outside);
    await expect(files.archive('out/x.zip', ['world'])).rejects.toMatchObject(outside);
    await expect(files.archive('x.zip', ['nope'])).rejects.toMatchObject(missing);
    expect(await readdir(base)).toEqual(['secret.txt', 'server']);
  });
});

describe('file manager constants', () => {
  it('names folder archives with " (n)" on collision and "server" for the root', () => {
    expect(archiveNameFor('world', [])).toBe('world.zip');
    expect(archiveNameFor('world', ['world.zip', 'world (2).zip'])).toBe('world (3).zip');
    expect(archiveNameFor('', ['x'])).toBe('server.zip');
    expect(archiveNameFor('/srv/world/', [])).toBe('world.zip');
  });

  it('knows the editable limit and the archive and image extensions', () => {
    expect(MaxEditableFileSize).toBe(20971520);
    expect(isArchiveName('pack.TGZ')).toBe(true);
    expect(isArchiveName('notes.txt')).toBe(false);
    expect(isImageName('icon.png')).toBe(true);
  });
});
