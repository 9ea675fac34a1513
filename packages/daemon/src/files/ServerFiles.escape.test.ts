import { execFileSync } from 'node:child_process';
import { link, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { OutpostError } from '@outpost/shared';
import { UploadFolder } from './jailPath.js';
import { InsideText, makeJailFixture, OutsideText, raceWhileSwapping, type JailFixture } from './jailTestKit.js';
import { ServerFiles } from './ServerFiles.js';
import { removeServerFolder } from './ServerJail.js';

/** An unprivileged uid no account uses, for folders owned by "the server's user". */
const ServerUid = 61234;
const asRoot = process.getuid?.() === 0;

let fixture: JailFixture | undefined;
let files: ServerFiles | undefined;
afterEach(async () => {
  files?.close();
  files = undefined;
  await fixture?.cleanup();
  fixture = undefined;
});

async function setUp(owner?: number): Promise<{ fixture: JailFixture; files: ServerFiles }> {
  fixture = await makeJailFixture(owner);
  files = new ServerFiles(fixture.root);
  return { fixture, files };
}

const leaked = (what: string) => new Error(`read the outside file through ${what}`);

describe('racing a link swapped in and out of the folder', () => {
  for (const owner of asRoot ? [undefined, ServerUid] : [undefined]) {
    it(`reads, writes, lists, moves and deletes only inside while the link flips (${owner ? 'as the server user' : 'in-process'})`, async () => {
      const { fixture, files } = await setUp(owner);
      const attempts = [
        async () => {
          if ((await text((await files.readStream('real/data.txt')).stream)) === OutsideText) throw leaked('real/');
        },
        async () => {
          if ((await text((await files.readStream('plain.txt')).stream)) === OutsideText) throw leaked('plain.txt');
        },
        async () => {
          if ((await files.list('real')).some((entry) => entry.name === 'only-outside.txt')) throw leaked('a listing');
        },
        async () => {
          if ((await files.stat('real/only-outside.txt').catch(() => undefined)) !== undefined) throw leaked('stat');
        },
        () => files.write('real/new.txt', 'x'),
        () => files.rename('real/new.txt', 'real/moved.txt'),
        () => files.mkdir('real/folder/below'),
        () => files.delete('real/folder'),
        () => files.delete('real/moved.txt'),
        () => files.delete('real/data.txt').then(() => files.write('real/data.txt', InsideText)),
        async () => {
          // Zipped while the link flips, then unpacked: nothing of the outside folder may be in it.
          await files.delete('unzipped').catch(() => {});
          await files.archive('real.zip', ['real']);
          await files.extract('real.zip', 'unzipped');
          for (const entry of await files.list('unzipped/real')) {
            if (entry.name === 'only-outside.txt') throw leaked('a zip listing');
            if (entry.isFile && (await text((await files.readStream(`unzipped/real/${entry.name}`)).stream)) === OutsideText) throw leaked('a zip');
          }
        },
      ];
      await raceWhileSwapping(fixture, owner, (round) => attempts[round % attempts.length]!());
    });
  }
});

describe('racing the link while archives are extracted', () => {
  for (const owner of asRoot ? [undefined, ServerUid] : [undefined]) {
    it(`extracts tar and tar.gz entries only inside while the link flips (${owner ? 'as the server user' : 'in-process'})`, async () => {
      const { fixture, files } = await setUp(owner);
      const staging = join(fixture.base, 'staging');
      await mkdir(join(staging, 'real/sub'), { recursive: true });
      await writeFile(join(staging, 'real/x.txt'), 'x');
      await writeFile(join(staging, 'real/sub/data.txt'), 'extracted');
      await symlink('x.txt', join(staging, 'real/l'));
      execFileSync('tar', ['-cf', join(fixture.root, 'pack.tar'), '-C', staging, 'real']);
      execFileSync('tar', ['-czf', join(fixture.root, 'sub.tgz'), '-C', join(staging, 'real'), 'sub', 'x.txt']);
      if (owner !== undefined) execFileSync('chown', ['-R', `${owner}:${owner}`, fixture.root]);
      await raceWhileSwapping(fixture, owner, (round) => (round % 2 ? files.extract('pack.tar', '/') : files.extract('sub.tgz', 'real')), 600);
    });
  }
});

describe.runIf(asRoot)('as the server user', () => {
  it('cannot read a root-only file even when a link to it is planted on disk, nor write beside it', async () => {
    const { fixture, files } = await setUp(ServerUid);
    await writeFile(join(fixture.base, 'root-only.txt'), 'root only', { mode: 0o600 });
    // A hard link slips past any path check (it is a plain file inside); a symlink is refused by the jail.
    await link(join(fixture.base, 'root-only.txt'), join(fixture.root, 'hard.txt'));
    await symlink('../root-only.txt', join(fixture.root, 'soft.txt'));
    await expect(files.readStream('hard.txt')).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await expect(files.readStream('soft.txt')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    // yazl's read error ends the server user's file worker (the daemon lives on); either way nothing is read.
    await expect(files.archive('all.zip', ['/'])).rejects.toBeInstanceOf(OutpostError);
    await expect(lstat(join(fixture.root, 'all.zip'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(files.write('hard.txt', 'changed')).resolves.toBeUndefined(); // replaces the name, not the file
    expect(await readFile(join(fixture.base, 'root-only.txt'), 'utf8')).toBe('root only');
  });

  it('creates files owned by the server user', async () => {
    const { fixture, files } = await setUp(ServerUid);
    await files.write('made/by/upload.txt', 'x');
    await files.mkdir('folder');
    expect((await stat(join(fixture.root, 'made/by/upload.txt'))).uid).toBe(ServerUid);
    expect((await stat(join(fixture.root, 'folder'))).uid).toBe(ServerUid);
  });
});

describe('pipes and devices', () => {
  it('answers ErrNotAFile for a named pipe at once, and other operations go on', async () => {
    const { fixture, files } = await setUp(asRoot ? ServerUid : undefined);
    execFileSync('mkfifo', [join(fixture.root, 'pipe')]);
    if (asRoot) execFileSync('chown', [String(ServerUid), join(fixture.root, 'pipe')]);
    // Many at once: each would hold a thread of the pool forever if it blocked in open().
    const reads = await Promise.allSettled(Array.from({ length: 8 }, () => files.readStream('pipe')));
    for (const read of reads) expect(read).toMatchObject({ status: 'rejected', reason: { code: 'ErrNotAFile', status: 400 } });
    await expect(files.openFile('pipe', 1)).rejects.toMatchObject({ code: 'ErrNotAFile' });
    await expect(files.extract('pipe', 'out')).rejects.toMatchObject({ code: 'ErrNotAFile' });
    expect(await text((await files.readStream('real/data.txt')).stream)).toBe(InsideText);
    expect((await files.list('')).map((entry) => entry.name)).toContain('pipe');
  });

  it('refuses /dev through a link, and a device node inside', async () => {
    const { fixture, files } = await setUp();
    await symlink('/dev/zero', join(fixture.root, 'zero'));
    await expect(files.readStream('zero')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    if (asRoot) {
      execFileSync('mknod', [join(fixture.root, 'null'), 'c', '1', '3']);
      await expect(files.readStream('null')).rejects.toMatchObject({ code: 'ErrNotAFile' });
    }
  });
});

describe('long names', () => {
  const long = 'n'.repeat(300);
  it('answers ErrNameTooLong (400) for a 300-byte name in every operation', async () => {
    const { files } = await setUp();
    const tooLong = { code: 'ErrNameTooLong', status: 400 };
    await expect(files.list(long)).rejects.toMatchObject(tooLong);
    await expect(files.stat(long)).rejects.toMatchObject(tooLong);
    await expect(files.readStream(long)).rejects.toMatchObject(tooLong);
    await expect(files.write(long, 'x')).rejects.toMatchObject(tooLong);
    await expect(files.write(`real/${long}/x.txt`, 'x')).rejects.toMatchObject(tooLong);
    await expect(files.mkdir(long)).rejects.toMatchObject(tooLong);
    await expect(files.delete(long)).rejects.toMatchObject(tooLong);
    await expect(files.rename('real', long)).rejects.toMatchObject(tooLong);
    await expect(files.archive(`${long}.zip`, ['real'])).rejects.toMatchObject(tooLong);
    await expect(files.archive('a.zip', [long])).rejects.toMatchObject(tooLong);
    await expect(files.extract(long, 'x')).rejects.toMatchObject(tooLong);
    // 255 bytes is still a name.
    await files.write('m'.repeat(255), 'x');
  });
});

describe('uploads cut short', () => {
  it('keeps uploads in progress in a hidden folder that is gone once they finish', async () => {
    const { fixture, files } = await setUp();
    await files.write('a.txt', 'x');
    expect(await readdir(fixture.root)).not.toContain(UploadFolder);
  });

  it('sweeps what a crash left in the upload folder, which users never see nor reach', async () => {
    const { fixture, files } = await setUp(asRoot ? ServerUid : undefined);
    await mkdir(join(fixture.root, UploadFolder, 'deep'), { recursive: true });
    await writeFile(join(fixture.root, UploadFolder, '0123456789abcdef01234567'), 'half an upload');
    await symlink(fixture.outside, join(fixture.root, UploadFolder, 'deep/out'));
    expect((await files.list('')).map((entry) => entry.name)).not.toContain(UploadFolder);
    await expect(files.list(UploadFolder)).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await expect(files.delete(UploadFolder)).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await files.jail.sweepUploads();
    await expect(lstat(join(fixture.root, UploadFolder))).rejects.toMatchObject({ code: 'ENOENT' });
    await fixture.assertOutsideUntouched();
  });
});

describe('deleting a server', () => {
  it('removes its folder without following a link planted in it', async () => {
    const { fixture } = await setUp();
    await mkdir(join(fixture.root, 'deep/er'), { recursive: true });
    await symlink(fixture.outside, join(fixture.root, 'deep/er/out'));
    await symlink(join(fixture.outside, 'data.txt'), join(fixture.root, 'data-link'));
    await removeServerFolder(fixture.root);
    await expect(lstat(fixture.root)).rejects.toMatchObject({ code: 'ENOENT' });
    await fixture.assertOutsideUntouched();
  });
});
