import { chmod, chown, link, lstat, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertReachable, daemonIsRoot, ServerUsers, serverUser, unreachableServersWarning } from './serverUsers.js';

const skipReason = daemonIsRoot() ? '' : ' (skipped: servers get users of their own only under a root daemon)';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-uids-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The uids /etc/passwd names, to show allocation steps over them. */
async function passwdUids(): Promise<number[]> {
  return (await readFile('/etc/passwd', 'utf8')).split('\n').map((line) => Number(line.split(':')[2])).filter(Number.isInteger);
}

describe.skipIf(!daemonIsRoot())(`server users${skipReason}`, () => {
  it('gives each server folder a uid of its own, skipping accounts and uids other folders hold', async () => {
    // Start the range on an account's uid (nobody, or whichever the machine has): it must be skipped.
    const base = Math.max(...(await passwdUids()).filter((uid) => uid < 2 ** 31 - 10));
    const users = new ServerUsers(dir, base);
    await mkdir(join(dir, 'taken'));
    await chown(join(dir, 'taken'), base + 1, base + 1); // a folder from elsewhere already holds base + 1
    const folders = ['a', 'b', 'c'].map((name) => join(dir, name));
    for (const folder of folders) await mkdir(folder);
    await Promise.all(folders.map((folder) => users.claim(folder)));
    const owners = await Promise.all(folders.map((folder) => stat(folder)));
    const uids = owners.map((info) => info.uid).sort();
    expect(new Set(uids).size).toBe(3);
    expect(uids).not.toContain(base);
    expect(uids).not.toContain(base + 1);
    for (const info of owners) {
      expect(info.gid).toBe(info.uid);
      expect(info.mode & 0o777).toBe(0o700);
    }
    expect(await serverUser(folders[0])).toEqual({ uid: owners[0].uid, gid: owners[0].uid });
    // A claimed folder keeps its user.
    await users.claim(folders[0]);
    expect((await stat(folders[0])).uid).toBe(owners[0].uid);
  });

  it('hands a folder from before its files, but never a file linked from outside', async () => {
    const users = new ServerUsers(dir, 900_000);
    const folder = join(dir, 'old');
    await mkdir(join(folder, 'world'), { recursive: true });
    await writeFile(join(folder, 'world', 'level.dat'), 'x');
    // A program that ran as root could have linked a root file into its folder.
    const outside = join(dir, 'shadow');
    await writeFile(outside, 'secret', { mode: 0o600 });
    await link(outside, join(folder, 'shadow-link'));
    await users.claim(folder);
    const uid = (await stat(folder)).uid;
    expect(uid).toBeGreaterThanOrEqual(900_000);
    expect((await lstat(join(folder, 'world'))).uid).toBe(uid);
    expect((await lstat(join(folder, 'world', 'level.dat'))).uid).toBe(uid);
    expect((await lstat(outside)).uid).toBe(0);
  });

  it('says which folder to open up when the server folder is out of its user\'s reach', async () => {
    const closed = join(dir, 'closed');
    await mkdir(join(closed, 'servers', 'abcd0123'), { recursive: true });
    await chmod(closed, 0o700);
    await expect(assertReachable(join(closed, 'servers', 'abcd0123'))).rejects.toMatchObject({
      code: 'ErrOperationFailed',
      metadata: { path: closed },
    });
    await chmod(closed, 0o711);
    await chmod(dir, 0o711);
    await expect(assertReachable(join(closed, 'servers', 'abcd0123'))).resolves.toBeUndefined();
  });
});

describe('the start-up warning about an unreachable servers folder', () => {
  it('names the folder to open when one above the servers folder is closed to others, and says nothing otherwise', async () => {
    const base = await mkdtemp(join(tmpdir(), 'outpost-reach-'));
    try {
      const closed = join(base, 'closed');
      await mkdir(join(closed, 'data', 'servers'), { recursive: true });
      await chmod(base, 0o755);
      await chmod(closed, 0o700);
      const warning = await unreachableServersWarning(join(closed, 'data', 'servers'));
      if (process.getuid?.() !== 0) {
        expect(warning).toBeUndefined(); // servers run as the daemon's own user: nothing to reach
        return;
      }
      expect(warning).toContain(`${closed} must be searchable by others (chmod o+x)`);
      await chmod(closed, 0o711);
      expect(await unreachableServersWarning(join(closed, 'data', 'servers'))).toBeUndefined();
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
