import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { fakeDefinition, openTestDaemon } from './servers/testServer.js';
import type { Daemon } from './Daemon.js';

const serverId = 'abcd1234';
let daemon: Daemon;
let cleanup: () => Promise<void>;
let keys: string;
const checks: { email: string; serverId: string }[] = [];

beforeAll(async () => {
  keys = await mkdtemp(join(tmpdir(), 'outpost-daemon-sftp-'));
  ({ daemon, cleanup } = await openTestDaemon({
    sftp: {
      host: '127.0.0.1',
      port: 0,
      hostKeyPath: join(keys, 'host_ed25519'),
      // Stands in for the panel: one account with write access, one read-only.
      async check({ email, serverId: id, password }) {
        checks.push({ email, serverId: id });
        if (password !== 'secret-pass') return null;
        if (email === 'owner@example.com') return { canWrite: true, userId: '1' };
        if (email === 'viewer@example.com') return { canWrite: false, userId: '2' };
        return null;
      },
    },
  }));
  await daemon.servers.create(serverId, fakeDefinition());
});
afterAll(async () => {
  await cleanup();
  await rm(keys, { recursive: true, force: true });
});

/** Logs in with ssh2's client and writes one file; answers the error text, or '' on success. */
function upload(username: string, password: string, name: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const client = new ssh2.Client();
    client
      .on('ready', () => {
        client.sftp((error, sftp) => {
          if (error) return resolve(error.message);
          sftp.writeFile(`/${name}`, text, (writeError) => {
            client.end();
            resolve(writeError ? writeError.message : '');
          });
        });
      })
      .on('error', (error) => resolve(error.message))
      .connect({ host: '127.0.0.1', port: daemon.sftpPort!, username, password });
  });
}

describe('the daemon serves SFTP for its servers', () => {
  it('lets an account the panel grants write into that server folder', async () => {
    expect(await upload(`owner@example.com|${serverId}`, 'secret-pass', 'hello.txt', 'hi')).toBe('');
    const root = daemon.servers.get(serverId).root;
    expect(await readFile(join(root, 'hello.txt'), 'utf8')).toBe('hi');
    expect(checks.at(-1)).toEqual({ email: 'owner@example.com', serverId });
  });

  it('refuses writes from an account the panel grants read-only access', async () => {
    expect(await upload(`viewer@example.com|${serverId}`, 'secret-pass', 'nope.txt', 'x')).toMatch(/denied/i);
  });

  it('refuses logins for a server that does not exist without asking the panel', async () => {
    const before = checks.length;
    expect(await upload('owner@example.com|ffffffff', 'secret-pass', 'x.txt', 'x')).toMatch(/authentication/i);
    expect(checks.length).toBe(before);
  });
});
