// What a server's program can reach when the daemon is root: its own folder, as its own user.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import { Daemon } from '../Daemon.js';
import { daemonIsRoot, firstUid } from './serverUsers.js';
import { openTestDaemon, waitFor } from './testServer.js';

const skipReason = daemonIsRoot() ? '' : ' (skipped: servers get users of their own only under a root daemon)';

let base: string;
let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
beforeEach(async () => {
  // Open folders all the way, so only the modes Outpost sets stand between a program and a file.
  base = await mkdtemp(join(tmpdir(), 'outpost-isolation-'));
  await chmod(base, 0o755);
});
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
  await rm(base, { recursive: true, force: true });
});

const shell = (script: string, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({ run: { command: ['sh', '-c', script] }, ...extra });
const text = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');

/** Starts a server whose program ends by printing `last`, and answers its console once it has exited. */
async function runToEnd(daemon: Daemon, id: string, last: string): Promise<string> {
  await daemon.servers.get(id).start();
  await waitFor(() => text(daemon, id).includes('[DAEMON] Server exited') && text(daemon, id).includes(last), 10_000, `${id} to finish`);
  return text(daemon, id);
}

describe.skipIf(!daemonIsRoot())(`server programs under a root daemon${skipReason}`, () => {
  describe.each(['standard', 'tty'] as const)('%s environment', (type) => {
    it('run as the uid that owns their folder, with no groups, and reach nothing of the daemon or other servers', async () => {
      const serversDir = join(base, 'data', 'servers');
      await mkdir(serversDir, { recursive: true, mode: 0o755 });
      open = await openTestDaemon({ serversDir });
      const daemon = open.daemon;
      const secret = join(base, 'root-only.txt');
      await writeFile(secret, 'root secret', { mode: 0o600 });
      const other = await daemon.servers.create('0000b0b0', shell('true'));
      await writeFile(join(other.root, 'world.dat'), 'other world', { mode: 0o644 });
      const script = [
        'echo "uid=$(id -u) gid=$(id -g) home=$HOME"',
        'grep Groups /proc/self/status',
        `cat ${secret} && echo LEAK-root-file`,
        `ls ${other.root} && echo LEAK-other-listing`,
        `cat ${join(other.root, 'world.dat')} && echo LEAK-other-file`,
        `cat ${join(serversDir, '0000b0b0.json')} && echo LEAK-other-definition`,
        `cat ${join(serversDir, '0000a0a0.json')} && echo LEAK-own-definition`,
        `ls ${serversDir} && echo LEAK-servers-listing`,
        'echo done',
      ].join('; ');
      const server = await daemon.servers.create('0000a0a0', shell(script, { environment: { type } }));
      const owner = await stat(server.root);
      const out = await runToEnd(daemon, '0000a0a0', 'done');

      expect(owner.uid).toBeGreaterThanOrEqual(900_000);
      expect(owner.uid).not.toBe((await stat(other.root)).uid);
      expect(out).toContain(`uid=${owner.uid} gid=${owner.uid} home=${server.root}`);
      expect(out).toMatch(/Groups:[ \t]*\r?\n/);
      expect(out).not.toContain('LEAK');
      // Each attempt met the operating system's refusal, not a wrong path.
      expect(out.match(/Permission denied/g)?.length).toBe(6);
      // What was refused is there for the daemon itself.
      expect(await readFile(join(serversDir, '0000b0b0.json'), 'utf8')).toContain('"command"');
    });
  });

  it('keeps definitions 0600, server folders 0700 and the servers folder 0711', async () => {
    const serversDir = join(base, 'servers');
    open = await openTestDaemon({ serversDir });
    const server = await open.daemon.servers.create('0000c0c0', shell('true'));
    await open.daemon.servers.putData('0000c0c0', {}, true);
    expect((await stat(join(serversDir, '0000c0c0.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(server.root)).mode & 0o777).toBe(0o700);
    expect((await stat(serversDir)).mode & 0o777).toBe(0o711);
  });

  it('gives a server folder from before users a uid on load, contents included', async () => {
    const serversDir = join(base, 'servers');
    await mkdir(join(serversDir, '0000d0d0', 'world'), { recursive: true });
    await writeFile(join(serversDir, '0000d0d0', 'world', 'level.dat'), 'x');
    await writeFile(join(serversDir, '0000d0d0.json'), JSON.stringify(shell('id -u > world/who; echo written')), { mode: 0o644 });
    open = await openTestDaemon({ serversDir });
    const root = open.daemon.servers.get('0000d0d0').root;
    const uid = (await stat(root)).uid;
    expect(uid).toBeGreaterThanOrEqual(900_000);
    expect((await stat(join(root, 'world', 'level.dat'))).uid).toBe(uid);
    expect((await stat(join(serversDir, '0000d0d0.json'))).mode & 0o777).toBe(0o600);
    await runToEnd(open.daemon, '0000d0d0', 'written');
    expect((await readFile(join(root, 'world', 'who'), 'utf8')).trim()).toBe(String(uid));
  });

  it('takes uids from uidBase up, starting in the block its data folder draws', async () => {
    const serversDir = join(base, 'servers');
    open = await openTestDaemon({ serversDir, uidBase: 1_234_000 });
    const server = await open.daemon.servers.create('0000e0e0', shell('true'));
    expect((await stat(server.root)).uid).toBe(firstUid(serversDir, 1_234_000));
    expect(firstUid(serversDir, 1_234_000)).toBeGreaterThanOrEqual(1_234_000);
  });
});
