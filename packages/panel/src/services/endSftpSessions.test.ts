// When a user's access ends (permission taken away, logout, new password), what they had open
// goes dead at once: real SFTP sessions through the local node's daemon, and real sockets.
import type { AddressInfo } from 'node:net';
import ssh2, { type SFTPWrapper } from 'ssh2';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../test/serverFixtures.js';
import { startSession } from './startSession.js';

interface Open {
  closed: Promise<unknown>;
  isOpen: () => boolean;
  end: () => void;
}

describe('ending access ends open SFTP sessions and sockets', () => {
  let t: NodeTestApp;
  let id: string;
  let other: string;
  let base: string;

  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'access ends');
    other = await createTestServer(t.app, t.admin, t.localNodeId, 'other server');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const newUser = async () => {
    const user = await createServerUser(t.app, id, { sftpServer: true, putServerFiles: true, viewServerConsole: true });
    await t.app.panel.repo.permissions.replace(user.id, other, (await t.app.panel.repo.permissions.serverScopes(user.id, id)));
    return user;
  };

  function sftp(user: TestUser, serverId = id): Promise<Open & { sftp: SFTPWrapper }> {
    return new Promise((resolve, reject) => {
      const client = new ssh2.Client();
      let open = true;
      const closed = new Promise((done) => client.on('close', () => ((open = false), done(undefined))));
      client.on('error', reject);
      client.on('ready', () =>
        client.sftp((error, session) => {
          if (error) return reject(error);
          // Prove the session works before the access ends.
          session.readdir('/', (listError) => (listError ? reject(listError) : resolve({ sftp: session, closed, isOpen: () => open, end: () => client.end() })));
        }),
      );
      client.connect({ host: '127.0.0.1', port: t.node.daemon.sftpPort!, username: `${user.email}|${serverId}`, password: user.password, hostVerifier: () => true });
    });
  }

  function socket(token: string): Promise<Open & { code: () => number | undefined }> {
    const ws = new WebSocket(`${base}/proxy/daemon/socket/${id}`, { headers: { authorization: `Bearer ${token}` } });
    let code: number | undefined;
    const closed = new Promise((done) => ws.once('close', (c) => ((code = c), done(c))));
    return new Promise((resolve, reject) => {
      // Open once the node has answered (its first status), so the socket is registered.
      ws.once('message', () => resolve({ closed, isOpen: () => code === undefined, end: () => ws.close(), code: () => code }));
      ws.once('error', reject);
    });
  }

  it('ends the SFTP sessions and sockets of a user whose permission on the server is taken away', async () => {
    const user = await newUser();
    const files = await sftp(user);
    const elsewhere = await sftp(user, other);
    const live = await socket(user.token);
    try {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/user/${user.id}`, headers: t.admin.headers });
      expect(res.statusCode).toBe(204);
      await Promise.all([files.closed, live.closed]);
      // Their access to the other server was not touched.
      expect(elsewhere.isOpen()).toBe(true);
    } finally {
      for (const o of [files, elsewhere, live]) o.end();
    }
  });

  it('ends every SFTP session and the sockets of the session when the user logs out', async () => {
    const user = await newUser();
    const files = [await sftp(user), await sftp(user, other)];
    const live = await socket(user.token);
    const bystander = await newUser();
    const theirs = await sftp(bystander);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.headers });
      expect(res.statusCode).toBe(204);
      await Promise.all([...files.map((f) => f.closed), live.closed]);
      expect(theirs.isOpen()).toBe(true);
    } finally {
      for (const o of [...files, live, theirs]) o.end();
    }
  });

  it('ends every SFTP session and the other sessions\' sockets when the user changes password', async () => {
    const user = await newUser();
    const { token: otherSession } = await startSession(t.app.panel.repo, user.id, 60_000);
    const files = await sftp(user);
    const stale = await socket(otherSession);
    const current = await socket(user.token);
    try {
      const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { password: user.password, newPassword: 'a brand new passphrase' } });
      expect(res.statusCode).toBe(200);
      await Promise.all([files.closed, stale.closed]);
      // The session that changed the password stays signed in, its socket too.
      expect(current.isOpen()).toBe(true);
      // And the old password no longer opens a session.
      await expect(sftp(user)).rejects.toThrow(/authentication/i);
    } finally {
      for (const o of [files, stale, current]) o.end();
    }
  });
});
