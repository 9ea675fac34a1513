import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { signNodeToken } from '@outpost/daemon';
import { Scopes, type ActivityEntry } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { currentOtpCode } from '../../services/otpCodes.js';
import { SFTP_TOKEN_SERVER } from '../sftpAuth/sftpAuth.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { startMailCatcher, sendMailTo } from '../../test/mailCatcher.js';
import { createServerUser, echoDefinition } from '../../test/serverFixtures.js';

const patience = { timeout: 15_000 };

/**
 * Each event of the account, the server's life, its users, settings, tasks, backups, the node and
 * SFTP, emitted once by the real action with its actor, read back as a third-party client reads it.
 */
describe('activity events', () => {
  let t: TestApp;
  let node: LocalNode;
  let admin: TestUser;
  let root: string;
  let nodeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    node = await startLocalNode(t.app, { autostart: false, stopGraceMs: 2000, restartDelayMs: 100, recovery: { initialDelayMs: 50, maxDelayMs: 100, maxCrashes: 2, windowMs: 60_000 } });
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    nodeId = (await t.app.panel.repo.nodes.local())!.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(async () => {
    await node.stop();
    await t.close();
  });

  const call = async (method: string, path: string, who: TestUser | undefined, body?: unknown) => {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: { ...(who ? who.headers : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const activity = async (query: string): Promise<ActivityEntry[]> => {
    const res = await call('GET', `/api/activity?limit=100&${query}`, admin);
    expect(res.status).toBe(200);
    return res.json.activity;
  };
  const createServer = async (name: string, definition: object) => {
    const res = await call('POST', '/api/servers', admin, { name, node: nodeId, template: definition, environment: { type: 'standard' } });
    expect(res.status).toBe(200);
    return res.json.id as string;
  };
  const byAdmin = () => ({ type: 'user', id: String(admin.id), name: admin.username });

  it('records two-factor on and off, a new password and a new email on the account, never their values', async () => {
    const user = await createSignedInUser(t.app, []);
    const { secret } = (await call('POST', '/api/self/otp', user)).json;
    const enabled = await call('PUT', '/api/self/otp', user, { token: currentOtpCode(secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.json.recoveryCodes).toHaveLength(10);
    expect((await call('DELETE', `/api/self/otp/${currentOtpCode(secret, Date.now() + 30_000)}`, user)).status).toBe(204);
    expect((await call('PUT', '/api/self', user, { password: user.password, newPassword: 'another horse battery', newPasswordConfirmation: 'another horse battery' })).status).toBe(200);
    expect((await call('PUT', '/api/self', user, { password: 'another horse battery', email: `new_${user.email}` })).status).toBe(200);
    const own = (await call('GET', '/api/self/activity', user)).json.activity as ActivityEntry[];
    expect(own.map((e) => e.event).reverse()).toEqual(['auth.otp.enabled', 'auth.otp.disabled', 'auth.password.changed', 'auth.email.changed']);
    for (const entry of own) expect(entry).toMatchObject({ actor: { type: 'user', id: String(user.id), name: user.username }, ip: '127.0.0.1', data: {} });

    // An administrator's change shows on the account's own log, by the administrator.
    expect((await call('POST', `/api/users/${user.id}`, admin, { password: 'set by the admin' })).status).toBe(200);
    // (which signed the user out: read as an administrator, about that account)
    const [latest] = await activity(`user=${user.id}`);
    expect(latest).toMatchObject({ event: 'auth.password.changed', actor: byAdmin() });
  });

  it('records a server created, renamed and deleted by its actor', async () => {
    const id = await createServer('events one', echoDefinition);
    expect((await call('PUT', `/api/servers/${id}/name/events%20two`, admin)).status).toBe(204);
    expect((await call('DELETE', `/api/servers/${id}`, admin)).status).toBe(204);
    const entries = await activity(`server=${id}`);
    expect(entries.reverse()).toMatchObject([
      { event: 'server.created', actor: byAdmin(), server: id, data: { name: 'events one', node: nodeId } },
      { event: 'server.renamed', actor: byAdmin(), data: { from: 'events one', to: 'events two' } },
      { event: 'server.deleted', actor: byAdmin(), data: { name: 'events two' } },
    ]);
  });

  it("records a server's users added, changed, removed and invited, and settings changed by key only", async () => {
    const id = await createServer('events users', echoDefinition);
    const friend = await createSignedInUser(t.app, []);
    const user = `/api/servers/${id}/user/${encodeURIComponent(friend.email)}`;
    expect((await call('PUT', user, admin, { viewServerConsole: true })).status).toBe(204);
    expect((await call('PUT', user, admin, { viewServerConsole: true, sendServerConsole: true })).status).toBe(204);
    expect((await call('DELETE', `/api/servers/${id}/user/${friend.id}`, admin)).status).toBe(204);
    const catcher = await startMailCatcher();
    try {
      await sendMailTo(t.app, catcher);
      expect((await call('PUT', `/api/servers/${id}/user/${encodeURIComponent('stranger@example.com')}`, admin, { viewServerFiles: true })).status).toBe(204);
      const mail = await vi.waitUntil(() => catcher.mails.findLast((m) => m.rcptTo.includes('stranger@example.com')), patience);
      const token = new URL(mail.link!).searchParams.get('token');
      const accepted = await call('POST', '/auth/invite', undefined, { token, username: 'stranger', password: 'a long enough password', confirmPassword: 'a long enough password' });
      expect(accepted.status).toBe(200);
    } finally {
      await catcher.close();
    }
    const target = { id: friend.id, username: friend.username, email: friend.email };
    expect((await activity(`server=${id}&event=server.user`)).reverse()).toMatchObject([
      { event: 'server.user.added', actor: byAdmin(), data: { user: target, permissions: ['viewServerConsole'] } },
      { event: 'server.user.permissions', data: { user: target, permissions: ['viewServerConsole', 'sendServerConsole'] } },
      { event: 'server.user.removed', data: { user: target } },
      { event: 'server.user.invited', data: { email: 'stranger@example.com', permissions: ['viewServerFiles'] } },
      { event: 'server.user.invite.accepted', actor: { type: 'user', name: 'stranger' }, data: { user: { username: 'stranger' } } },
    ]);

    expect((await call('POST', '/api/settings', admin, { 'panel.settings.companyName': 'Outpost Co', 'panel.email.password': 'hunter2-secret' })).status).toBe(204);
    const [changed] = await activity('event=settings.changed');
    expect(changed).toMatchObject({ actor: byAdmin(), data: { keys: ['panel.settings.companyName', 'panel.email.password'] } });
    expect(JSON.stringify(changed)).not.toContain('hunter2');
  });

  it('records a task run by hand and its result, a backup made and restored, and an install started and finished', async () => {
    const id = await createServer('events tasks', { ...echoDefinition, install: [{ type: 'writefile', target: 'installed.txt', text: 'yes' }] });
    const editor = await createServerUser(t.app, id, { editServerData: true, sendServerConsole: true, createServerBackups: true, restoreServerBackups: true, installServer: true });
    const task = await call('POST', `/api/servers/${id}/tasks`, admin, { name: 'Say', operations: [{ type: 'console', command: 'say hi' }] });
    expect(task.status).toBe(200);
    expect((await call('POST', `/api/servers/${id}/tasks/${task.json.id}/run`, editor)).status).toBe(204);
    await expect.poll(async () => (await activity(`server=${id}&event=server.task.finished`)).length, patience).toBe(1);
    const made = await call('POST', `/api/servers/${id}/backups?wait=true`, editor, { name: 'first' });
    expect(made.status).toBe(200);
    expect((await call('POST', `/api/servers/${id}/backups/${made.json.id}/restore`, editor)).status).toBe(204);
    expect((await call('POST', `/proxy/daemon/server/${id}/install?wait=true`, editor)).status).toBe(204);
    await expect.poll(async () => (await activity(`server=${id}&event=server.install.finished`)).length, patience).toBe(1);

    const editorActor = { type: 'user', id: String(editor.id), name: editor.username };
    // What the panel asked for is dated from the asking, so it reads before what the node reported (or in the same millisecond).
    const entries = (await activity(`server=${id}`)).reverse();
    expect(entries.map((e) => e.event).sort()).toEqual(['server.backup.created', 'server.backup.restored', 'server.created', 'server.install.finished', 'server.install.started', 'server.task.finished', 'server.task.run']);
    const one = (event: string) => entries.find((e) => e.event === event)!;
    expect(one('server.task.run')).toMatchObject({ actor: editorActor, data: { task: task.json.id } });
    expect(one('server.task.finished')).toMatchObject({ actor: { type: 'system' }, data: { task: task.json.id, name: 'Say', ok: true } });
    // The node reports the backup's outcome, by whoever asked for it (it knows no client address).
    expect(one('server.backup.created')).toMatchObject({ actor: editorActor, ip: null, data: { backup: made.json.id, name: 'first' } });
    expect(one('server.backup.restored')).toMatchObject({ actor: editorActor, data: { backup: made.json.id } });
    expect(one('server.install.started')).toMatchObject({ actor: editorActor });
    expect(one('server.install.finished')).toMatchObject({ actor: { type: 'system', id: null }, ip: null });
    for (const [asked, reported] of [['server.task.run', 'server.task.finished'], ['server.install.started', 'server.install.finished']]) {
      expect(Date.parse(one(asked).time)).toBeLessThanOrEqual(Date.parse(one(reported).time));
    }

    // A run by the task's schedule reports its result as the task's (the schedule is the daemon's own call).
    await node.daemon.servers.get(id).tasks.run(task.json.id, { scheduled: true });
    const [scheduled] = await activity(`server=${id}&event=server.task.finished`);
    expect(scheduled).toMatchObject({ actor: { type: 'task', id: task.json.id, name: 'Say' }, data: { ok: true } });

    // A backup a task makes is the task's.
    const backupTask = await call('POST', `/api/servers/${id}/tasks`, admin, { name: 'Back up', operations: [{ type: 'backup', name: 'by the task' }] });
    expect((await call('POST', `/api/servers/${id}/tasks/${backupTask.json.id}/run`, editor)).status).toBe(204);
    await expect.poll(async () => (await activity(`server=${id}&event=server.backup.created`)).length, patience).toBe(2);
    const [byTask] = await activity(`server=${id}&event=server.backup.created`);
    expect(byTask).toMatchObject({ actor: { type: 'task', id: backupTask.json.id, name: 'Back up' }, data: { name: 'by the task' } });
  });

  it('records a failed install with its reason, from the node', async () => {
    const id = await createServer('events bad install', { ...echoDefinition, install: [{ type: 'command', commands: ['exit 3'] }] });
    expect((await call('POST', `/proxy/daemon/server/${id}/install?wait=true`, admin)).status).not.toBe(204);
    const [failed] = await activity(`server=${id}&event=server.install.failed`);
    expect(failed).toMatchObject({ actor: { type: 'system', id: null }, data: { error: expect.any(String) } });
    expect(await activity(`server=${id}&event=server.install.finished`)).toEqual([]);
  });

  it('records a crash with the last console lines, the recovery and the give-up, from the node', async () => {
    const crashing = { ...echoDefinition, run: { command: ['node', '-e', "console.log('about to fall');process.exit(3)"], autorecover: true } };
    const id = await createServer('events crash', crashing);
    expect((await call('POST', `/proxy/daemon/server/${id}/start`, admin)).status).toBe(204);
    await expect.poll(async () => (await activity(`server=${id}&event=server.restart.gaveup`)).length, patience).toBe(1);
    const entries = (await activity(`server=${id}`)).reverse();
    expect(entries.map((e) => e.event)).toEqual(['server.created', 'server.started', 'server.crashed', 'server.recovered', 'server.crashed', 'server.restart.gaveup']);
    expect(entries[2]).toMatchObject({ actor: { type: 'system', id: null }, data: { exitCode: 3 } });
    expect(entries[2].data.lines).toContain('about to fall');
  });

  it('records the node going offline and online, SFTP logins and refusals, and file changes over SFTP', async () => {
    const row = (await t.app.panel.repo.nodes.local())!;
    t.app.panel.nodes.attachLocal(undefined);
    await t.app.panel.nodeHealth.check(row);
    t.app.panel.nodes.attachLocal(node.daemon.api);
    await t.app.panel.nodeHealth.check(row);
    expect((await activity('event=node')).slice(0, 2).reverse()).toMatchObject([
      { event: 'node.offline', actor: { type: 'system' }, data: { node: row.id, name: row.name } },
      { event: 'node.online', data: { node: row.id } },
    ]);

    const id = await createServer('events sftp', echoDefinition);
    const user = await createServerUser(t.app, id, { sftpServer: true, putServerFiles: true });
    const login = (password: string) =>
      new Promise<boolean>((resolve) => {
        const client = new ssh2.Client();
        client.on('ready', () => (client.end(), resolve(true)));
        client.on('error', () => resolve(false));
        client.connect({ host: '127.0.0.1', port: node.daemon.sftpPort!, username: `${user.email}|${id}`, password, hostVerifier: () => true });
      });
    expect(await login(user.password)).toBe(true);
    expect(await login('not the password')).toBe(false);
    expect((await activity(`server=${id}&event=server.sftp`)).reverse()).toMatchObject([
      { event: 'server.sftp.login', actor: { type: 'user', id: String(user.id) }, ip: '127.0.0.1', data: { username: `${user.email}|${id}` } },
      { event: 'server.sftp.refused', ip: '127.0.0.1' },
    ]);

    // Changes over SFTP are the login's: a file written (once, at its close), renamed and deleted.
    await new Promise<void>((resolve, reject) => {
      const client = new ssh2.Client();
      client.on('error', reject);
      client.on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) return reject(error);
          const step = (run: (done: (err?: Error | null) => void) => void) => new Promise<void>((ok, fail) => run((err) => (err ? fail(err) : ok())));
          void (async () => {
            const stream = sftp.createWriteStream('/uploaded.txt');
            await new Promise((ok) => stream.end('one\ntwo\n'.repeat(10_000), ok));
            await new Promise((ok) => stream.once('close', ok));
            await step((done) => sftp.rename('/uploaded.txt', '/kept.txt', done));
            await step((done) => sftp.unlink('/kept.txt', done));
            await step((done) => sftp.mkdir('/empty', done));
            await step((done) => sftp.rmdir('/empty', done));
            // A read changes nothing.
            await step((done) => sftp.readdir('/', (err) => done(err)));
          })().then(() => (client.end(), resolve()), reject);
        }),
      );
      client.connect({ host: '127.0.0.1', port: node.daemon.sftpPort!, username: `${user.email}|${id}`, password: user.password, hostVerifier: () => true });
    });
    const sftpActor = { type: 'user', id: String(user.id), name: user.email };
    await expect.poll(async () => (await activity(`server=${id}&event=server.file`)).length, patience).toBe(4);
    expect((await activity(`server=${id}&event=server.file`)).reverse()).toMatchObject([
      { event: 'server.file.written', actor: sftpActor, ip: '127.0.0.1', data: { path: 'uploaded.txt' } },
      { event: 'server.file.renamed', actor: sftpActor, data: { from: 'uploaded.txt', to: 'kept.txt' } },
      { event: 'server.file.deleted', actor: sftpActor, data: { path: 'kept.txt' } },
      { event: 'server.file.deleted', actor: sftpActor, data: { path: 'empty' } },
    ]);

    // A remote node asks the panel; the address is the one it names for its client.
    const token = signNodeToken(row.secret, { node: String(row.id), user: 'sftp', server: SFTP_TOKEN_SERVER, scopes: [], exp: Math.floor(Date.now() / 1000) + 60 });
    const asked = await fetch(`${root}/api/nodes/sftp/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: `${user.email}|${id}`, password: user.password, remoteAddress: '127.0.0.9' }),
    });
    expect(asked.status).toBe(200);
    expect((await activity(`server=${id}&event=server.sftp.login`))[0]).toMatchObject({ actor: { id: String(user.id) }, ip: '127.0.0.9' });
  });
});
