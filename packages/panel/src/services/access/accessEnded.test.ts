// Every way a user's access can end, walked through the routes: what they had open goes dead at
// once (real SFTP sessions through the local node's daemon, the server's socket, the server
// list's socket), and what they did not lose stays open.
import type { AddressInfo } from 'node:net';
import { Scopes } from '@outpost/shared';
import ssh2 from 'ssh2';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { hashSessionToken } from '../sessionTokens.js';
import { startSession } from '../startSession.js';

interface Open {
  name: string;
  isOpen: () => boolean;
  end: () => void;
}

const everything = { sftpServer: true, putServerFiles: true, viewServerConsole: true, viewServerStats: true };

describe('every way access ends closes what the user had open', () => {
  let t: NodeTestApp;
  let base: string;
  const opened: Open[] = [];

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const o of opened) o.end();
    await t.close();
  });

  const server = (name: string) => createTestServer(t.app, t.admin, t.localNodeId, name);

  function sftp(user: { email: string; password: string }, serverId: string): Promise<Open> {
    return new Promise((resolve, reject) => {
      const client = new ssh2.Client();
      let open = true;
      client.on('close', () => (open = false));
      client.on('error', reject);
      client.on('ready', () =>
        client.sftp((error, session) => {
          if (error) return reject(error);
          // Proves the session works before the access ends.
          session.readdir('/', (listError) => (listError ? reject(listError) : resolve(track({ name: `SFTP on ${serverId}`, isOpen: () => open, end: () => client.end() }))));
        }),
      );
      client.connect({ host: '127.0.0.1', port: t.node.daemon.sftpPort!, username: `${user.email}|${serverId}`, password: user.password, hostVerifier: () => true });
    });
  }

  function track(o: Open): Open {
    opened.push(o);
    return o;
  }

  /** A socket open until closed; `ready` is the first message that says the panel registered it (or the open itself). */
  function socket(name: string, path: string, token: string, ready: 'message' | 'open', first?: object): Promise<Open> {
    const ws = new WebSocket(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    let open = true;
    ws.once('close', () => (open = false));
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => {
        if (first) ws.send(JSON.stringify(first));
        if (ready === 'open') resolve(track({ name, isOpen: () => open, end: () => ws.close() }));
      });
      if (ready === 'message') ws.once('message', () => resolve(track({ name, isOpen: () => open, end: () => ws.close() })));
    });
  }

  const serverSocket = (token: string, serverId: string) => socket(`socket of ${serverId}`, `/proxy/daemon/socket/${serverId}`, token, 'message');
  const listSocket = (token: string, serverId: string) => socket(`list watching ${serverId}`, '/api/servers/live', token, 'message', { type: 'watch', ids: [serverId] });
  // A server list between pages watches nothing, and is the user's connection all the same.
  const idleList = (token: string) => socket('list watching nothing', '/api/servers/live', token, 'open');

  /** Everything `token`'s holder can open on `serverId`: SFTP (with the account's password), the server's socket, the list's sockets. */
  async function openAll(user: TestUser, serverId: string, token = user.token, withSftp = true): Promise<Open[]> {
    return [...(withSftp ? [await sftp(user, serverId)] : []), await serverSocket(token, serverId), await listSocket(token, serverId), await idleList(token)];
  }

  async function expectEnded(all: Open[]): Promise<void> {
    await vi.waitFor(() => expect(all.filter((o) => o.isOpen()).map((o) => o.name)).toEqual([]), { timeout: 10_000, interval: 50 });
  }

  function expectOpen(all: Open[]): void {
    expect(all.filter((o) => !o.isOpen()).map((o) => o.name)).toEqual([]);
  }

  it('PUT /api/users/{id}/perms: an administrator demoted loses what being one opened', async () => {
    const id = await server('perms narrowed');
    const user = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const all = await openAll(user, id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}/perms`, headers: t.admin.headers, payload: { scopes: [Scopes.UsersView] } });
    expect(res.statusCode).toBe(204);
    await expectEnded(all);
  });

  it('DELETE /api/users/{id}: a deleted user loses everything', async () => {
    const id = await server('user deleted');
    const user = await createServerUser(t.app, id, everything);
    const all = await openAll(user, id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: t.admin.headers })).statusCode).toBe(204);
    await expectEnded(all);
  });

  it('POST /api/users/{id} with a password: every session the old password opened ends', async () => {
    const id = await server('password set by admin');
    const user = await createServerUser(t.app, id, everything);
    const all = await openAll(user, id);
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}`, headers: t.admin.headers, payload: { password: 'set by the administrator' } });
    expect(res.statusCode).toBe(200);
    await expectEnded(all);
  });

  it('PUT /api/servers/{id}/user/{email}: narrowed on a server, they lose what they had open there and only there', async () => {
    const id = await server('share narrowed');
    const other = await server('share kept');
    const user = await createServerUser(t.app, id, everything);
    await t.app.panel.repo.permissions.replace(user.id, other, await t.app.panel.repo.permissions.serverScopes(user.id, id));
    const there = [await sftp(user, id), await serverSocket(user.token, id), await listSocket(user.token, id)];
    const elsewhere = [await sftp(user, other), await serverSocket(user.token, other), await listSocket(user.token, other)];
    const res = await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/user/${encodeURIComponent(user.email)}`, headers: t.admin.headers, payload: { viewServerConsole: true } });
    expect(res.statusCode).toBe(204);
    await expectEnded(there);
    expectOpen(elsewhere);
  });

  it('DELETE /api/servers/{id}/user/{id}: removed from a server, they lose what they had open there and only there', async () => {
    const id = await server('share removed');
    const other = await server('share stays');
    const user = await createServerUser(t.app, id, everything);
    await t.app.panel.repo.permissions.replace(user.id, other, await t.app.panel.repo.permissions.serverScopes(user.id, id));
    const there = [await sftp(user, id), await serverSocket(user.token, id), await listSocket(user.token, id)];
    const elsewhere = [await sftp(user, other), await serverSocket(user.token, other), await idleList(user.token)];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/user/${user.id}`, headers: t.admin.headers })).statusCode).toBe(204);
    await expectEnded(there);
    expectOpen(elsewhere);
  });

  it('PUT /api/self with a new password: the other sessions and every SFTP session end, this session stays', async () => {
    const id = await server('own password');
    const user = await createServerUser(t.app, id, everything);
    const { token: otherSession } = await startSession(t.app.panel.repo, user.id, 60_000);
    const all = await openAll(user, id, otherSession);
    const current = [await serverSocket(user.token, id), await listSocket(user.token, id), await idleList(user.token)];
    const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { password: user.password, newPassword: 'a brand new passphrase' } });
    expect(res.statusCode).toBe(200);
    await expectEnded(all);
    expectOpen(current);
    // And the old password no longer opens an SFTP session.
    await expect(sftp(user, id)).rejects.toThrow(/authentication/i);
  });

  it('POST /auth/password/reset: every session and SFTP session ends', async () => {
    const id = await server('password reset');
    const user = await createServerUser(t.app, id, everything);
    const all = await openAll(user, id);
    await t.app.panel.repo.passwordResets.insert(hashSessionToken(`reset-${user.id}`), user.id, Date.now() + 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/auth/password/reset', payload: { token: `reset-${user.id}`, password: 'a reset passphrase' } });
    expect(res.statusCode).toBe(204);
    await expectEnded(all);
  });

  it('POST /auth/logout: the session\'s sockets and every SFTP session end; another session stays', async () => {
    const id = await server('logout');
    const user = await createServerUser(t.app, id, everything);
    const { token: otherSession } = await startSession(t.app.panel.repo, user.id, 60_000);
    const all = await openAll(user, id);
    const kept = [await serverSocket(otherSession, id), await idleList(otherSession)];
    const bystander = await createServerUser(t.app, id, everything);
    const theirs = [await sftp(bystander, id), await serverSocket(bystander.token, id)];
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.headers })).statusCode).toBe(204);
    await expectEnded(all);
    expectOpen([...kept, ...theirs]);
  });

  it('POST /auth/reauth, then POST /auth/logout: what the replaced session opened ends with the session that replaced it', async () => {
    const id = await server('reauth');
    const user = await createServerUser(t.app, id, everything);
    const all = await openAll(user, id);
    const reauth = await t.app.inject({ method: 'POST', url: '/auth/reauth', headers: user.headers });
    expect(reauth.statusCode).toBe(200);
    // Replacing the session takes nothing away.
    expectOpen(all);
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: `Bearer ${reauth.json().session}` } });
    expect(res.statusCode).toBe(204);
    await expectEnded(all);
  });

  /** A client's token from /oauth2/token. */
  async function clientToken(client: { client_id: string; client_secret: string }): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', ...client }).toString(),
    });
    expect(res.statusCode).toBe(200);
    return res.json().access_token as string;
  }

  it('DELETE /api/self/oauth2/{id}: the account client\'s sockets end; its owner\'s SFTP session is the owner\'s', async () => {
    const id = await server('account client');
    const user = await createServerUser(t.app, id, everything);
    const created = await t.app.inject({ method: 'POST', url: '/api/self/oauth2', headers: user.headers, payload: { name: 'script' } });
    const token = await clientToken(created.json());
    const all = await openAll(user, id, token, false);
    const owner = [await sftp(user, id), await serverSocket(user.token, id)];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/self/oauth2/${created.json().client_id}`, headers: user.headers });
    expect(res.statusCode).toBe(204);
    await expectEnded(all);
    expectOpen(owner);
  });

  it('DELETE /api/servers/{id}/oauth2/{clientId}: the server client\'s socket ends', async () => {
    const id = await server('server client');
    const user = await createServerUser(t.app, id, everything);
    const created = await t.app.inject({ method: 'POST', url: `/api/servers/${id}/oauth2`, headers: user.headers, payload: { name: 'script' } });
    const token = await clientToken(created.json());
    // A server's client has no list (account routes only); its socket is the server's.
    const all = [await serverSocket(token, id)];
    const owner = [await sftp(user, id), await serverSocket(user.token, id)];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/oauth2/${created.json().client_id}`, headers: user.headers });
    expect(res.statusCode).toBe(204);
    await expectEnded(all);
    expectOpen(owner);
  });

  it('DELETE /api/servers/{id}: everyone who had the server open loses it', async () => {
    const id = await server('server deleted');
    const user = await createServerUser(t.app, id, everything);
    const there = [await sftp(user, id), await serverSocket(user.token, id), await listSocket(user.token, id)];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}`, headers: t.admin.headers })).statusCode).toBe(204);
    await expectEnded(there);
  });
});
