import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, readdir, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { ServerFiles } from '../files/ServerFiles.js';
import { startSftpServer, type SftpServer } from './startSftpServer.js';

const Password = 'correct horse';
const Writer = 'user@example.com|abcd1234';
const Reader = 'reader@example.com|abcd1234';

let base: string;
let root: string;
let files: ServerFiles;
let server: SftpServer;
let attempts = 0;
/** Where the parallel logins' password checks wait, as on a slow panel, until the test lets them answer. */
let parallelChecks: Promise<void> = Promise.resolve();
/** What the server logged, one object per line. */
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-sftp-'));
  root = join(base, 'server');
  files = new ServerFiles(root);
  server = await startSftpServer({
    host: '127.0.0.1',
    port: 0,
    hostKeyPath: join(base, 'keys/host_ed25519'),
    failureDelayMs: 50,
    limits: { attempts: 3 },
    logger: pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
    authenticate: async (username, password) => {
      attempts++;
      // The panel's answer takes a while (argon2, a network hop): parallel logins race while it is out.
      if (username.startsWith('parallel@')) await parallelChecks;
      if (password !== Password) return null;
      if (username === Writer) return { files, canWrite: true, sessionKey: 'writer' };
      if (username === Reader) return { files, canWrite: false, sessionKey: 'reader' };
      return null;
    },
  });
});
afterAll(async () => {
  await server.close();
  files.close();
  await rm(base, { recursive: true, force: true });
});
beforeEach(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, 'world'), { recursive: true });
  await writeFile(join(root, 'server.properties'), 'motd=hi\n');
  await writeFile(join(base, 'secret.txt'), 'not yours');
  await symlink(base, join(root, 'out'));
  await symlink(join(base, 'secret.txt'), join(root, 'secret-link'));
});

/**
 * Runs OpenSSH's sftp in batch mode; `-` before a command lets the batch go on when it fails.
 * OpenSSH refuses "|" in a user name given on its command line, so the name goes in a config file.
 */
async function openssh(username: string, password: string, commands: string[], cwd: string, options: string[] = []): Promise<{ code: number; output: string }> {
  const id = randomBytes(4).toString('hex');
  const batch = join(cwd, `batch-${id}`);
  const config = join(cwd, `config-${id}`);
  await writeFile(batch, commands.join('\n') + '\n');
  await writeFile(config, `Host 127.0.0.1\n  User ${username}\n`);
  return new Promise((done) => {
    const args = ['-p', password, 'sftp', '-F', config, '-oBatchMode=no', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null'];
    args.push('-oPubkeyAuthentication=no', '-oLogLevel=ERROR', ...options, '-P', String(server.port), '-b', batch, '127.0.0.1');
    execFile('sshpass', args, { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error.code as number) ?? 1) : 0, output: stdout + stderr });
    });
  });
}

function connect(username: string, password: string, localAddress = '127.0.0.1'): Promise<{ client: ssh2.Client; sftp: SFTPWrapper }> {
  return new Promise((done, fail) => {
    const client = new ssh2.Client();
    client.on('error', fail);
    client.on('ready', () => client.sftp((error, sftp) => (error ? fail(error) : done({ client, sftp }))));
    client.connect({ host: '127.0.0.1', port: server.port, localAddress, username, password, hostVerifier: () => true, tryKeyboard: false });
  });
}

function call<T>(work: (cb: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((done, fail) => work((error, value) => (error ? fail(error) : done(value as T))));
}

const sha256 = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');
const denied = { code: ssh2.utils.sftp.STATUS_CODE.PERMISSION_DENIED };

describe('SFTP with OpenSSH sftp', () => {
  it('uploads and downloads a file of several MiB intact', async () => {
    const local = await mkdtemp(join(base, 'local-'));
    await writeFile(join(local, 'big.bin'), randomBytes(6 * 1024 * 1024 + 123));
    const result = await openssh(Writer, Password, ['mkdir up', 'put big.bin up/big.bin', 'get up/big.bin back.bin', 'ls -l up'], local);
    expect(result.code, result.output).toBe(0);
    expect(await sha256(join(root, 'up/big.bin'))).toBe(await sha256(join(local, 'big.bin')));
    expect(await sha256(join(local, 'back.bin'))).toBe(await sha256(join(local, 'big.bin')));
  });

  it('tells the client its limits, which then moves 128 KiB a request, more than the SSH window holds, and the files arrive intact', async () => {
    const local = await mkdtemp(join(base, 'local-'));
    // 64 requests of 128 KiB in flight are four times the SSH window: replies wait for it in order.
    await writeFile(join(local, 'big.bin'), randomBytes(24 * 1024 * 1024 + 5));
    await writeFile(join(local, 'small.txt'), 'a few bytes');
    const commands = ['put big.bin big.bin', 'put small.txt small.txt', 'get big.bin back.bin', 'get small.txt small-back.txt', 'get big.bin back2.bin'];
    const result = await openssh(Writer, Password, commands, local, ['-vvv']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('server upload/download buffer sizes 131072 / 131072; using 131072 / 131072');
    const expected = await sha256(join(local, 'big.bin'));
    expect(await sha256(join(root, 'big.bin'))).toBe(expected);
    expect(await sha256(join(local, 'back.bin'))).toBe(expected);
    expect(await sha256(join(local, 'back2.bin'))).toBe(expected);
    expect(await readFile(join(local, 'small-back.txt'), 'utf8')).toBe('a few bytes');
  });

  it('cannot reach outside the server folder with .., absolute paths or a link', async () => {
    const local = await mkdtemp(join(base, 'local-'));
    await writeFile(join(local, 'evil.txt'), 'evil');
    const result = await openssh(
      Writer,
      Password,
      ['-get ../secret.txt a.txt', `-get ${join(base, 'secret.txt')} b.txt`, '-get out/secret.txt c.txt', '-get secret-link d.txt', '-put evil.txt ../evil.txt', '-put evil.txt out/evil.txt', '-put evil.txt secret-link', '-rm out/secret.txt', '-cd ..', 'pwd', 'ls'],
      local,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Remote working directory: /');
    expect((await readdir(local)).filter((n) => n.endsWith('.txt'))).toEqual(['evil.txt']);
    expect(await readdir(base)).toEqual(expect.not.arrayContaining(['evil.txt']));
    expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
  });

  it('lets a read-only login download but not upload, remove, mkdir or rename', async () => {
    const local = await mkdtemp(join(base, 'local-'));
    await writeFile(join(local, 'new.txt'), 'new');
    const result = await openssh(Reader, Password, ['get server.properties', '-put new.txt', '-rm server.properties', '-mkdir made', '-rename server.properties moved', '-rmdir world'], local);
    expect(result.code, result.output).toBe(0);
    expect(await readFile(join(local, 'server.properties'), 'utf8')).toBe('motd=hi\n');
    expect((await readdir(root)).sort()).toEqual(['out', 'secret-link', 'server.properties', 'world']);
  });

  it('refuses a wrong password', async () => {
    const result = await openssh(Writer, 'wrong', ['ls'], base);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Permission denied/);
  });
});

describe('SFTP with ssh2 client', () => {
  it('puts and gets with fastPut and fastGet, lists, renames and presents the folder as /', async () => {
    const { client, sftp } = await connect(Writer, Password);
    try {
      const local = await mkdtemp(join(base, 'local-'));
      await writeFile(join(local, 'up.bin'), randomBytes(3 * 1024 * 1024));
      await call<void>((cb) => sftp.fastPut(join(local, 'up.bin'), '/world/up.bin', cb));
      await call<void>((cb) => sftp.fastGet('world/up.bin', join(local, 'down.bin'), cb));
      expect(await sha256(join(local, 'down.bin'))).toBe(await sha256(join(local, 'up.bin')));
      expect(await call<string>((cb) => sftp.realpath('..', cb))).toBe('/');
      expect(await call<string>((cb) => sftp.realpath('world/../..', cb))).toBe('/');
      const names = (await call<ssh2.FileEntry[]>((cb) => sftp.readdir('/', cb))).map((e) => e.filename).sort();
      expect(names).toEqual(['out', 'secret-link', 'server.properties', 'world']);
      await call<void>((cb) => sftp.rename('/world/up.bin', '/up.bin', cb));
      expect((await stat(join(root, 'up.bin'))).size).toBe(3 * 1024 * 1024);
      await call<void>((cb) => sftp.mkdir('made', cb));
      await call<void>((cb) => sftp.rmdir('made', cb));
      await call<void>((cb) => sftp.unlink('up.bin', cb));
      expect((await readdir(root)).sort()).toEqual(['out', 'secret-link', 'server.properties', 'world']);
    } finally {
      client.end();
    }
  });

  it('reads back through a handle what was just written through it, and what the file holds after a change', async () => {
    const { client, sftp } = await connect(Writer, Password);
    try {
      const handle = await call<Buffer>((cb) => sftp.open('/notes.txt', 'w+', cb));
      const read = async (offset: number, length: number) => {
        const buffer = Buffer.alloc(length);
        const bytes = await call<number>((cb) => sftp.read(handle, buffer, 0, length, offset, (error, n) => cb(error, n)));
        return buffer.subarray(0, bytes).toString();
      };
      // Written and read while the WRITEs are still in flight: the READ comes after them.
      const writes = [call<void>((cb) => sftp.write(handle, Buffer.from('hello '), 0, 6, 0, cb)), call<void>((cb) => sftp.write(handle, Buffer.from('world'), 0, 5, 6, cb))];
      expect(await read(0, 11)).toBe('hello world');
      await Promise.all(writes);
      await call<void>((cb) => sftp.write(handle, Buffer.from('W'), 0, 1, 6, cb));
      expect(await read(0, 11)).toBe('hello World');
      await call<void>((cb) => sftp.close(handle, cb));
    } finally {
      client.end();
    }
  });

  it('cannot open, stat, list or read links outside the server folder', async () => {
    const { client, sftp } = await connect(Writer, Password);
    try {
      await expect(call((cb) => sftp.open('../secret.txt', 'r', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.open('out/secret.txt', 'r', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.open('secret-link', 'w', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.stat('secret-link', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.readdir('out', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.readlink('secret-link', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.open(join(base, 'secret.txt'), 'r', cb))).rejects.toMatchObject({ code: ssh2.utils.sftp.STATUS_CODE.NO_SUCH_FILE });
      await expect(call((cb) => sftp.rename('../secret.txt', 'mine.txt', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.rename('server.properties', '../stolen', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.unlink('out/secret.txt', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.mkdir('out/made', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.setstat('out/secret.txt', { mode: 0o777 }, cb))).rejects.toMatchObject(denied);
      await symlink(join(base, 'planted.txt'), join(root, 'dangling'));
      await expect(call((cb) => sftp.open('dangling', 'w', cb))).rejects.toMatchObject(denied);
      expect(await readdir(base)).toEqual(expect.not.arrayContaining(['planted.txt']));
      expect(await readFile(join(base, 'secret.txt'), 'utf8')).toBe('not yours');
      expect((await stat(join(base, 'secret.txt'))).mode & 0o777).not.toBe(0o777);
    } finally {
      client.end();
    }
  });

  it('creates links only to places inside, and reads them as session paths', async () => {
    const { client, sftp } = await connect(Writer, Password);
    try {
      await call<void>((cb) => sftp.symlink('/world', '/world-link', cb));
      expect(await readlink(join(root, 'world-link'))).toBe('world');
      expect(await call<string>((cb) => sftp.readlink('world-link', cb))).toBe('/world');
      // "/" has nothing above it in a session, so "../.." from "/" is the server folder itself.
      await call<void>((cb) => sftp.symlink('../..', '/up', cb));
      expect(await readlink(join(root, 'up'))).toBe('.');
      await expect(call((cb) => sftp.symlink('/out/secret.txt', '/s', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => sftp.symlink('/world', '../link', cb))).rejects.toMatchObject(denied);
      expect((await readdir(root)).sort()).toEqual(['out', 'secret-link', 'server.properties', 'up', 'world', 'world-link']);
      expect(await readdir(base)).toEqual(expect.not.arrayContaining(['link']));
    } finally {
      client.end();
    }
  });

  it('applies permission bits and times with SETSTAT, but not for a read-only login', async () => {
    const writer = await connect(Writer, Password);
    const reader = await connect(Reader, Password);
    try {
      await call<void>((cb) => writer.sftp.setstat('server.properties', { mode: 0o4755, atime: 1000, mtime: 2000 }, cb));
      const info = await stat(join(root, 'server.properties'));
      expect(info.mode & 0o7777).toBe(0o755); // no setuid through SFTP
      expect(Math.floor(info.mtimeMs / 1000)).toBe(2000);
      await expect(call((cb) => reader.sftp.setstat('server.properties', { mode: 0o600 }, cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => reader.sftp.symlink('/world', '/w', cb))).rejects.toMatchObject(denied);
      await expect(call((cb) => reader.sftp.open('server.properties', 'r+', cb))).rejects.toMatchObject(denied);
    } finally {
      writer.client.end();
      reader.client.end();
    }
  });

  it('closes the sessions picked by closeSessions', async () => {
    const { client } = await connect(Reader, Password);
    const closed = new Promise<void>((done) => client.on('close', () => done()));
    expect(server.closeSessions((s) => s.sessionKey === 'nobody')).toBe(0);
    expect(server.closeSessions((s) => s.sessionKey === 'reader')).toBe(1);
    await closed;
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const unknown = await connect('nobody@example.com|abcd1234', Password, '127.0.0.2').catch((e: Error) => e.message);
    const wrong = await connect(Reader, 'wrong', '127.0.0.3').catch((e: Error) => e.message);
    expect(unknown).toBe(wrong);
    expect(wrong).toMatch(/authentication methods failed/);
  });

  it('blocks an account only from the address that guessed: the owner elsewhere still gets in', async () => {
    for (let i = 0; i < 3; i++) await expect(connect(Reader, `wrong-${i}`, '127.0.1.1')).rejects.toThrow(/authentication methods failed/);
    const before = attempts;
    await expect(connect(Reader, Password, '127.0.1.1')).rejects.toThrow(/authentication methods failed/);
    expect(attempts).toBe(before);
    const { client } = await connect(Reader, Password, '127.0.1.2');
    client.end();
  });

  it('checks at most the allowed number of 100 parallel wrong passwords at one account', async () => {
    const user = 'parallel@example.com|abcd1234';
    const before = attempts;
    let answer!: () => void;
    parallelChecks = new Promise((done) => (answer = done));
    let refused = 0;
    const logins = Array.from({ length: 100 }, (_, i) => connect(user, `guess-${i}`, '127.0.3.1'));
    for (const login of logins) login.catch(() => refused++);
    const results = Promise.allSettled(logins);
    // No check answers until every login is either waiting for one or already refused.
    await vi.waitFor(() => expect(attempts - before + refused).toBe(100), { timeout: 20_000 });
    answer();
    expect((await results).every((r) => r.status === 'rejected')).toBe(true);
    // The limit is 3 in these tests: every attempt is counted before authenticate is asked.
    expect(attempts - before).toBe(3);
  });

  it('blocks an address after repeated wrong passwords for any account', async () => {
    for (let i = 0; i < 3; i++) await expect(connect(`user${i}@example.com|abcd1234`, 'wrong', '127.0.2.1')).rejects.toThrow(/authentication methods failed/);
    const before = attempts;
    await expect(connect(Reader, Password, '127.0.2.1')).rejects.toThrow(/authentication methods failed/);
    expect(attempts).toBe(before);
    const { client } = await connect(Reader, Password, '127.0.2.2');
    client.end();
  });

  it('logs logins, failures, refused operations and session ends with the address, never the password', async () => {
    const from = logged.length;
    await expect(connect(Reader, 'not-the-password', '127.0.4.1')).rejects.toThrow(/authentication methods failed/);
    const { client, sftp } = await connect(Reader, Password, '127.0.4.2');
    await expect(call((cb) => sftp.mkdir('made', cb))).rejects.toMatchObject(denied);
    await expect(call((cb) => sftp.open('../secret.txt', 'r', cb))).rejects.toMatchObject(denied);
    const closed = new Promise<void>((done) => client.on('close', () => done()));
    client.end();
    await closed;
    await vi.waitFor(() => expect(logged.slice(from).some((l) => l.msg === 'sftp session ended')).toBe(true));
    const lines = logged.slice(from);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'sftp login failed', remoteAddress: '127.0.4.1', username: Reader }),
        expect.objectContaining({ msg: 'sftp login', remoteAddress: '127.0.4.2', username: Reader, canWrite: false }),
        expect.objectContaining({ msg: 'sftp operation refused', remoteAddress: '127.0.4.2', request: 'MKDIR', paths: ['made'] }),
        expect.objectContaining({ msg: 'sftp operation refused', remoteAddress: '127.0.4.2', request: 'OPEN', paths: ['../secret.txt'] }),
        expect.objectContaining({ msg: 'sftp session ended', remoteAddress: '127.0.4.2', username: Reader }),
      ]),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain('not-the-password');
    expect(text).not.toContain(Password);
  });
});
