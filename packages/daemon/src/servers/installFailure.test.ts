import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Daemon } from '../Daemon.js';
import { openTestDaemon } from './testServer.js';
import { daemonIsRoot } from './serverUsers.js';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const run = { command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'] };

/** What a failed install says: its error and the console's last line. */
async function installFailure(daemon: Daemon, id: string, install: unknown[]): Promise<{ message: string; console: string }> {
  const server = await daemon.servers.create(id, { install, run });
  const error = await server.install().then(
    () => undefined,
    (caught: Error) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return { message: error!.message, console: server.console.replay().logs.join('') };
}

describe('a failing install step says where and why (issue 27, item 7)', () => {
  it('names the file and the operating system\'s reason when the server may not write there', async () => {
    const open = await openTestDaemon({ autostart: false });
    cleanups.push(() => open.cleanup());
    // The server's own program makes a folder it may not write into, then a step writes there.
    const steps = [{ type: 'mkdir', target: 'locked' }, { type: 'command', commands: ['chmod 500 locked'] }, { type: 'writefile', target: 'locked/x.txt', text: 'x' }];
    const { message, console } = await installFailure(open.daemon, 'fa11ed01', steps);
    expect(message).toBe('step 3 (writefile) failed: not permitted: locked/x.txt (EACCES: permission denied)');
    expect(console).toContain(`[DAEMON] install failed: ${message}`);
  });

  it.runIf(daemonIsRoot())('names the folder the server\'s user cannot pass, and the fix, when its folder is out of reach', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpost-closed-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await chmod(dir, 0o700);
    const daemon = await Daemon.open({ nodeId: 'node-1', secret: 'test-secret', serversDir: join(dir, 'servers'), autostart: false });
    cleanups.push(() => daemon.close());
    const { message } = await installFailure(daemon, 'fa11ed02', [{ type: 'writefile', target: 'hello.txt', text: 'x' }]);
    expect(message).toBe(`step 1 (writefile) failed: the server folder is out of reach of the server's user: ${dir} must be searchable by others (chmod o+x)`);
  });
});
