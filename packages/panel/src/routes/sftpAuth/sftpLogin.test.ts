// SFTP through the local node, end to end: the daemon's SFTP server asks the panel (in-process)
// whether `{email}|{serverId}` with the account password may in, and what it may do.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

let t: NodeTestApp;
let serverId: string;

beforeAll(async () => {
  t = await createNodeTestApp();
  serverId = await createTestServer(t.app, t.admin, t.localNodeId, 'sftp-world');
});
afterAll(() => t.close());

/** Logs in with ssh2's client and uploads one file; answers '' on success, else the error text. */
function upload(username: string, password: string, name: string): Promise<string> {
  return new Promise((resolve) => {
    const client = new ssh2.Client();
    client
      .on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) return resolve(error.message);
          sftp.writeFile(`/${name}`, `written by ${username}`, (writeError) => {
            client.end();
            resolve(writeError ? writeError.message : '');
          });
        }),
      )
      .on('error', (error) => resolve(error.message))
      .connect({ host: '127.0.0.1', port: t.node.daemon.sftpPort!, username, password });
  });
}

describe('SFTP logins are granted by the panel', () => {
  it('lets a user with sftpServer and putServerFiles upload into the server folder', async () => {
    const user = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
    expect(await upload(`${user.email}|${serverId}`, user.password, 'upload.txt')).toBe('');
    const root = t.node.daemon.servers.get(serverId).root;
    expect(await readFile(join(root, 'upload.txt'), 'utf8')).toBe(`written by ${user.email}|${serverId}`);
  });

  it('lets the admin in', async () => {
    expect(await upload(`${t.admin.email}|${serverId}`, t.admin.password, 'admin.txt')).toBe('');
  });

  it('gives sftpServer without putServerFiles read-only access', async () => {
    const user = await createServerUser(t.app, serverId, { sftpServer: true });
    expect(await upload(`${user.email}|${serverId}`, user.password, 'nope.txt')).toMatch(/denied/i);
  });

  it('refuses a user without sftpServer, even with every other permission', async () => {
    const user = await createServerUser(t.app, serverId, { viewServerFiles: true, putServerFiles: true, viewServerConsole: true });
    expect(await upload(`${user.email}|${serverId}`, user.password, 'x.txt')).toMatch(/authentication/i);
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const user = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
    const wrong = await upload(`${user.email}|${serverId}`, 'not the password', 'x.txt');
    const unknown = await upload(`nobody@example.com|${serverId}`, 'not the password', 'x.txt');
    expect(wrong).toMatch(/authentication/i);
    expect(unknown).toBe(wrong);
  });
});
