import { execFileSync } from 'node:child_process';
import { readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { makeJailFixture, OutsideText, raceWhileSwapping, type JailFixture } from '../files/jailTestKit.js';
import { ServerFiles } from '../files/ServerFiles.js';
import { startSftpServer, type SftpServer } from './startSftpServer.js';

const ServerUid = 61234;
const asRoot = process.getuid?.() === 0;
const Login = 'user@example.com|abcd1234';
const Password = 'correct horse';

let fixture: JailFixture | undefined;
let files: ServerFiles | undefined;
let server: SftpServer | undefined;
let client: ssh2.Client | undefined;
afterEach(async () => {
  client?.end();
  await server?.close();
  files?.close();
  await fixture?.cleanup();
  fixture = files = server = client = undefined;
});

async function connect(root: string): Promise<SFTPWrapper> {
  const jail = (files = new ServerFiles(root));
  server = await startSftpServer({
    host: '127.0.0.1',
    port: 0,
    hostKeyPath: join(root, '..', 'keys/host_ed25519'),
    authenticate: async (username, password) => (username === Login && password === Password ? { files: jail, canWrite: true } : null),
  });
  const port = server.port;
  return new Promise((done, fail) => {
    client = new ssh2.Client();
    client.on('error', fail);
    client.on('ready', () => client!.sftp((error, sftp) => (error ? fail(error) : done(sftp))));
    client.connect({ host: '127.0.0.1', port, username: Login, password: Password, hostVerifier: () => true, tryKeyboard: false });
  });
}

function call<T>(work: (cb: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((done, fail) => work((error, value) => (error ? fail(error) : done(value as T))));
}

const leaked = (what: string) => new Error(`read the outside file through ${what}`);

describe('SFTP racing a link swapped in and out of the folder', () => {
  for (const owner of asRoot ? [undefined, ServerUid] : [undefined]) {
    it(`opens, reads, writes, lists, renames and changes modes only inside (${owner ? 'as the server user' : 'in-process'})`, async () => {
      fixture = await makeJailFixture(owner);
      const sftp = await connect(fixture.root);
      const read = async (path: string) => String(await call<Buffer>((cb) => sftp.readFile(path, cb)));
      const attempts = [
        async () => {
          if ((await read('/real/data.txt')) === OutsideText) throw leaked('real/');
        },
        async () => {
          if ((await read('/plain.txt')) === OutsideText) throw leaked('plain.txt');
        },
        async () => {
          const names = await call<{ filename: string }[]>((cb) => sftp.readdir('/real', cb));
          if (names.some((entry) => entry.filename === 'only-outside.txt')) throw leaked('a listing');
        },
        async () => {
          if (await call((cb) => sftp.stat('/real/only-outside.txt', cb)).then(() => true, () => false)) throw leaked('stat');
        },
        () => call<void>((cb) => sftp.writeFile('/real/new.txt', 'x', cb)),
        () => call<void>((cb) => sftp.rename('/real/new.txt', '/real/moved.txt', cb)),
        () => call<void>((cb) => sftp.unlink('/real/moved.txt', cb)),
        () => call<void>((cb) => sftp.mkdir('/real/folder', cb)),
        () => call<void>((cb) => sftp.rmdir('/real/folder', cb)),
        () => call<void>((cb) => sftp.chmod('/real/data.txt', 0o600, cb)),
        () => call<void>((cb) => sftp.chmod('/plain.txt', 0o600, cb)),
      ];
      await raceWhileSwapping(fixture, owner, (round) => attempts[round % attempts.length]!());
    });
  }

  it('refuses to open a named pipe at once, and the session goes on', async () => {
    fixture = await makeJailFixture();
    execFileSync('mkfifo', [join(fixture.root, 'pipe')]);
    const sftp = await connect(fixture.root);
    // Eight at once: a blocking open would hold eight of libuv's four threads and never answer.
    const opens = await Promise.allSettled(Array.from({ length: 8 }, () => call((cb) => sftp.open('/pipe', 'r', cb))));
    for (const opening of opens) expect(opening).toMatchObject({ status: 'rejected', reason: { code: ssh2.utils.sftp.STATUS_CODE.FAILURE } });
    await expect(call((cb) => sftp.open('/pipe', 'w', cb))).rejects.toMatchObject({ code: ssh2.utils.sftp.STATUS_CODE.FAILURE });
    expect(String(await call<Buffer>((cb) => sftp.readFile('/real/data.txt', cb)))).toBe('inside');
  });

  it('cannot move a link, or a folder holding one, up to where it points out, as it could not make one there', async () => {
    fixture = await makeJailFixture();
    const sftp = await connect(fixture.root);
    const denied = { code: ssh2.utils.sftp.STATUS_CODE.PERMISSION_DENIED };
    await call<void>((cb) => sftp.mkdir('/a', cb));
    await call<void>((cb) => sftp.mkdir('/a/b', cb));
    // From /a, "../outside" is /outside, inside the server folder; at the top it would lead beside it.
    await call<void>((cb) => sftp.symlink('/outside', '/a/link', cb));
    await expect(call((cb) => sftp.rename('/a/link', '/link', cb))).rejects.toMatchObject(denied);
    // The same kind of link one level further down ("../../outside"), moved up with its folder.
    await call<void>((cb) => sftp.symlink('/outside', '/a/b/link', cb));
    await expect(call((cb) => sftp.rename('/a/b', '/b', cb))).rejects.toMatchObject(denied);
    // Reaching the top through a link to it is the top too.
    await call<void>((cb) => sftp.symlink('/', '/a/up', cb));
    await expect(call((cb) => sftp.rename('/a/link', '/a/up/link', cb))).rejects.toMatchObject(denied);
    // ("../../outside" read from /a/up is /outside; the link would sit at the top, where it leads out.)
    await expect(call((cb) => sftp.symlink('/outside', '/a/up/made', cb))).rejects.toMatchObject(denied);
    expect((await readdir(fixture.root)).sort()).toEqual(['a', 'plain.txt', 'real']);
    expect(await readlink(join(fixture.root, 'a/link'))).toBe('../outside');
    expect(await readlink(join(fixture.root, 'a/b/link'))).toBe('../../outside');
    // Moves that keep every link inside still work: renames in place, and a link or a folder moved further down.
    await call<void>((cb) => sftp.rename('/a/link', '/a/renamed', cb));
    await call<void>((cb) => sftp.rename('/a/b', '/a/c', cb));
    await call<void>((cb) => sftp.mkdir('/a/deep', cb));
    await call<void>((cb) => sftp.rename('/a/renamed', '/a/deep/link', cb));
    await call<void>((cb) => sftp.rename('/a/c', '/a/deep/c', cb));
    expect(await readlink(join(fixture.root, 'a/deep/link'))).toBe('../outside');
    expect(await readlink(join(fixture.root, 'a/deep/c/link'))).toBe('../../outside');
    await fixture.assertOutsideUntouched();
  });
});

describe.runIf(asRoot)('SFTP as the server user', () => {
  it('cannot change the mode or times of a root file linked into the folder through an open handle (FSETSTAT)', async () => {
    fixture = await makeJailFixture(ServerUid);
    // A readable root file with a second name inside: the handle the daemon holds must not lend root's rights.
    const rootFile = join(fixture.base, 'root-readable.txt');
    execFileSync('sh', ['-c', `printf root > '${rootFile}' && chmod 0644 '${rootFile}' && ln '${rootFile}' '${join(fixture.root, 'linked.txt')}'`]);
    const sftp = await connect(fixture.root);
    const handle = await call<Buffer>((cb) => sftp.open('/linked.txt', 'r', cb));
    await expect(call((cb) => sftp.fsetstat(handle, { mode: 0o666 }, cb))).rejects.toMatchObject({ code: ssh2.utils.sftp.STATUS_CODE.PERMISSION_DENIED });
    await expect(call((cb) => sftp.fsetstat(handle, { atime: 1, mtime: 1 }, cb))).rejects.toBeDefined();
    expect(execFileSync('stat', ['-c', '%a %Y', rootFile]).toString().trim().split(' ')[0]).toBe('644');
    expect(Number(execFileSync('stat', ['-c', '%Y', rootFile]).toString())).toBeGreaterThan(1);
  });
});
