import { chmod, chown, link, lstat, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertReachable, daemonIsRoot, firstUid, ServerUsers, serverUser } from './serverUsers.js';

const skipReason = daemonIsRoot() ? '' : ' (skipped: servers get users of their own only under a root daemon)';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-uids-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});


describe.skipIf(!daemonIsRoot())(`server users${skipReason}`, () => {
  it('gives each server folder a uid of its own, skipping uids other folders and running processes hold', async () => {
    const users = new ServerUsers(dir, 900_000);
    const start = firstUid(dir, 900_000);
    await mkdir(join(dir, 'taken'));
    await chown(join(dir, 'taken'), start, start); // a folder from elsewhere already holds the first uid
    const runner = spawn('sleep', ['30'], { uid: start + 1, gid: start + 1 }); // a process holds the next one
    const folders = ['a', 'b', 'c'].map((name) => join(dir, name));
    let owners: Stats[];
    try {
      await vi.waitFor(async () => expect((await stat(`/proc/${runner.pid}`)).uid).toBe(start + 1));
      for (const folder of folders) await mkdir(folder);
      await Promise.all(folders.map((folder) => users.claim(folder)));
      owners = await Promise.all(folders.map((folder) => stat(folder)));
      const uids = owners.map((info) => info.uid).sort((a, b) => a - b);
      expect(new Set(uids).size).toBe(3);
      expect(uids).not.toContain(start);
      expect(uids).not.toContain(start + 1);
      expect(uids[0]).toBe(start + 2);
    } finally {
      runner.kill('SIGKILL');
    }
    for (const info of owners) {
      expect(info.gid).toBe(info.uid);
      expect(info.mode & 0o777).toBe(0o700);
    }
    expect(await serverUser(folders[0])).toEqual({ uid: owners[0].uid, gid: owners[0].uid });
    // A claimed folder keeps its user.
    await users.claim(folders[0]);
    expect((await stat(folders[0])).uid).toBe(owners[0].uid);
  });

  it('starts the uids of another data folder elsewhere, so two nodes on one machine never share one', async () => {
    // Two data folders whose paths draw different blocks (as nearly all pairs do).
    let other = `${dir}-other`;
    while (firstUid(other, 900_000) === firstUid(dir, 900_000)) other += '-';
    await mkdir(other);
    try {
      await mkdir(join(dir, 'a'));
      await mkdir(join(other, 'a'));
      await new ServerUsers(dir, 900_000).claim(join(dir, 'a'));
      await new ServerUsers(other, 900_000).claim(join(other, 'a'));
      expect((await stat(join(dir, 'a'))).uid).not.toBe((await stat(join(other, 'a'))).uid);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
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
