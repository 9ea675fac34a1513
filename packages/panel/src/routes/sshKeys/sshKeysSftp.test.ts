// SSH keys through the local node, end to end with OpenSSH: keys made by ssh-keygen, added over
// the panel's HTTP API, used by OpenSSH's sftp client against the daemon's SFTP server, which
// checks the signature and asks the panel (in-process) whose key it is and what it may do.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { sshKeygen } from '../../test/sshKeygen.js';

let t: NodeTestApp;
let root: string;
let dir: string;
let serverId: string;
let otherServerId: string;

beforeAll(async () => {
  t = await createNodeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = await mkdtemp(join(tmpdir(), 'outpost-sshkeys-sftp-'));
  serverId = await createTestServer(t.app, t.admin, t.localNodeId, 'keys-world');
  otherServerId = await createTestServer(t.app, t.admin, t.localNodeId, 'someone-elses');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const api = (method: string, path: string, user: TestUser, body?: unknown) =>
  fetch(`${root}${path}`, { method, headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

async function addKey(user: TestUser, name: string, publicKey: string): Promise<number> {
  const res = await api('POST', '/api/self/sshkeys', user, { name, key: publicKey });
  if (res.status !== 200) throw new Error(`adding ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/**
 * OpenSSH's sftp with one key only (no password, no agent, no other identity). The user name
 * goes in a config file: OpenSSH refuses a `|` in one given on the command line.
 */
async function sftpArgs(key: string, username: string, batch: string): Promise<string[]> {
  const config = join(dir, `config-${Math.random().toString(16).slice(2)}`);
  await writeFile(config, `Host 127.0.0.1\n  User ${username}\n`);
  return [
    '-F', config, '-i', key,
    '-o', 'IdentitiesOnly=yes', '-o', 'IdentityAgent=none', '-o', 'PasswordAuthentication=no', '-o', 'KbdInteractiveAuthentication=no',
    '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR',
    '-P', String(t.node.daemon.sftpPort), '-b', batch, '127.0.0.1',
  ];
}

/** Runs a batch of sftp commands in `cwd`; answers the exit code and what it printed. */
async function sftp(key: string, username: string, commands: string[], cwd: string): Promise<{ code: number; output: string }> {
  const batch = join(cwd, `batch-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  await writeFile(batch, commands.join('\n') + '\n');
  const args = await sftpArgs(key, username, batch);
  return new Promise((done) => {
    execFile('sftp', args, { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error.code as number) ?? 1) : 0, output: stdout + stderr });
    });
  });
}

const login = (user: TestUser, server = serverId) => `${user.email}|${server}`;

describe('SFTP with SSH keys (OpenSSH sftp -i)', () => {
  for (const [type, bits] of [['ed25519'], ['ecdsa', 256], ['rsa', 2048]] as const) {
    it(`puts and gets a file with an ${type} key, and the key shows as used`, async () => {
      const user = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
      const key = await sshKeygen(dir, `put-${type}`, type, bits);
      const id = await addKey(user, `laptop ${type}`, key.publicKey);
      const local = await mkdtemp(join(dir, `local-${type}-`));
      await writeFile(join(local, 'up.txt'), `sent with ${type}`);
      const result = await sftp(key.path, login(user), [`put up.txt ${type}.txt`, `get ${type}.txt back.txt`], local);
      expect(result.code, result.output).toBe(0);
      expect(await readFile(join(t.node.daemon.servers.get(serverId).root, `${type}.txt`), 'utf8')).toBe(`sent with ${type}`);
      expect(await readFile(join(local, 'back.txt'), 'utf8')).toBe(`sent with ${type}`);
      const listed = await (await api('GET', '/api/self/sshkeys', user)).json();
      expect(listed.find((k: { id: number }) => k.id === id).lastUsedAt).not.toBeNull();
      // One login recorded, not the client's first question whether the key would do.
      await t.app.panel.activity.flush();
      const { entries } = await t.app.panel.repo.activity.list({ event: 'server.sftp', user: user.id }, 1, 10);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ event: 'server.sftp.login', server: serverId, data: { username: login(user), method: 'publickey', key: key.fingerprint } });
    });
  }

  it("refuses a key of another account, and a server the key's owner may not reach", async () => {
    const owner = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
    const other = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
    const key = await sshKeygen(dir, 'owners', 'ed25519');
    await addKey(owner, 'owner', key.publicKey);
    const local = await mkdtemp(join(dir, 'refused-'));
    const asOther = await sftp(key.path, login(other), ['ls'], local);
    expect(asOther.code).not.toBe(0);
    expect(asOther.output).toMatch(/Permission denied \(publickey/);
    const elsewhere = await sftp(key.path, login(owner, otherServerId), ['ls'], local);
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.output).toMatch(/Permission denied \(publickey/);
    // The owner, where they may go, gets in with it.
    expect((await sftp(key.path, login(owner), ['ls'], local)).code).toBe(0);
  });

  it('ends the session a key opened when the key is removed, and refuses it afterwards', async () => {
    const user = await createServerUser(t.app, serverId, { sftpServer: true, putServerFiles: true });
    const kept = await sshKeygen(dir, 'kept', 'ecdsa', 384);
    const removed = await sshKeygen(dir, 'removed', 'rsa', 2048);
    await addKey(user, 'kept', kept.publicKey);
    const id = await addKey(user, 'removed', removed.publicKey);
    const local = await mkdtemp(join(dir, 'removal-'));

    // Two sessions held open (commands read from stdin): one with each key.
    const open = async (keyPath: string) => {
      const child = spawn('sftp', await sftpArgs(keyPath, login(user), '-'), { cwd: local });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const seen = async (text: string) => {
        for (let i = 0; i < 200 && !output.includes(text); i++) await new Promise((r) => setTimeout(r, 50));
        return output.includes(text);
      };
      return { child, exited, seen, output: () => output };
    };
    const withRemoved = await open(removed.path);
    const withKept = await open(kept.path);
    withRemoved.child.stdin.write('pwd\n');
    withKept.child.stdin.write('pwd\n');
    expect(await withRemoved.seen('Remote working directory'), withRemoved.output()).toBe(true);
    expect(await withKept.seen('Remote working directory'), withKept.output()).toBe(true);

    expect((await api('DELETE', `/api/self/sshkeys/${id}`, user)).status).toBe(204);
    // The server disconnects it at once; sftp, waiting on its input, sees that at its next command (pwd it answers itself).
    expect(await withRemoved.seen('Received disconnect'), withRemoved.output()).toBe(true);
    withRemoved.child.stdin.write('ls\n');
    const ended = await Promise.race([withRemoved.exited, new Promise((r) => setTimeout(() => r('still open'), 5000))]);
    expect(ended).not.toBe('still open');
    expect(ended).not.toBe(0);
    // The other key's session goes on: its listing works (a failed command would end the batch with an error).
    expect(withKept.child.exitCode).toBeNull();
    withKept.child.stdin.end('ls\n');
    expect(await withKept.exited, withKept.output()).toBe(0);

    const again = await sftp(removed.path, login(user), ['ls'], local);
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/Permission denied \(publickey/);
  });
});
