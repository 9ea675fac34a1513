// Ending a user's SFTP sessions through either NodeClient, against real ssh2 clients.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { NodeClient } from '@outpost/shared';
import { fakeDefinition, openTestDaemon } from '../servers/testServer.js';
import { HttpNodeClient } from './HttpNodeClient.js';

const [first, second] = ['e1d00001', 'e1d00002'];
// Stands in for the panel: every account's password is "pw", its user id is its name before '@'.
const userOf = (email: string) => email.split('@')[0];

interface Session {
  client: ssh2.Client;
  sftp: SFTPWrapper;
  closed: Promise<void>;
  isOpen: () => boolean;
}

describe.each(['local', 'http'] as const)('ending SFTP sessions (%s)', (kind) => {
  let open: Awaited<ReturnType<typeof openTestDaemon>>;
  let keys: string;
  let app: FastifyInstance | undefined;
  let client: NodeClient;

  beforeAll(async () => {
    keys = await mkdtemp(join(tmpdir(), 'outpost-end-sftp-'));
    open = await openTestDaemon({
      sftp: {
        host: '127.0.0.1',
        port: 0,
        hostKeyPath: join(keys, 'host_ed25519'),
        async check({ email, password }) {
          return password === 'pw' ? { canWrite: true, userId: userOf(email) } : null;
        },
      },
    });
    await open.daemon.servers.create(first, fakeDefinition());
    await open.daemon.servers.create(second, fakeDefinition());
    if (kind === 'local') {
      client = open.daemon.api;
    } else {
      app = Fastify();
      await app.register(open.daemon.routes);
      client = new HttpNodeClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }), nodeId: 'node-1', secret: 'test-secret' });
    }
  });
  afterAll(async () => {
    await app?.close();
    await open.cleanup();
    await rm(keys, { recursive: true, force: true });
  });

  function login(user: string, serverId: string): Promise<Session> {
    return new Promise((resolve, reject) => {
      const ssh = new ssh2.Client();
      let isOpen = true;
      const closed = new Promise<void>((done) => ssh.on('close', () => ((isOpen = false), done())));
      ssh.on('error', reject);
      ssh.on('ready', () => ssh.sftp((error, sftp) => (error ? reject(error) : resolve({ client: ssh, sftp, closed, isOpen: () => isOpen }))));
      ssh.connect({ host: '127.0.0.1', port: open.daemon.sftpPort!, username: `${user}@example.com|${serverId}`, password: 'pw', hostVerifier: () => true });
    });
  }

  const lists = (session: Session) => new Promise<boolean>((resolve) => session.sftp.readdir('/', (error) => resolve(!error)));

  it('ends one user\'s sessions on one server, for whoever may edit its users, and leaves the rest working', async () => {
    const target = await login('alice', first);
    const elsewhere = await login('alice', second);
    const bystander = await login('bob', first);
    try {
      expect(await lists(target)).toBe(true);
      await client.endSftpSessions({ user: '99', scopes: [Scopes.ServerView, Scopes.ServerUsersEdit] }, 'alice', first);
      await target.closed;
      expect(await lists(elsewhere)).toBe(true);
      expect(await lists(bystander)).toBe(true);
    } finally {
      for (const s of [target, elsewhere, bystander]) s.client.end();
    }
  });

  it('ends a user\'s sessions on every server of the node when they ask for their own', async () => {
    const sessions = [await login('carol', first), await login('carol', second)];
    const bystander = await login('bob', second);
    try {
      await client.endSftpSessions({ user: 'carol', scopes: [] }, 'carol');
      await Promise.all(sessions.map((s) => s.closed));
      expect(await lists(bystander)).toBe(true);
    } finally {
      bystander.client.end();
    }
  });

  it('refuses to end someone else\'s sessions without the right, and they keep working', async () => {
    const target = await login('dave', first);
    try {
      const codeOf = (work: Promise<void>) => work.then(() => undefined, (error: { code?: string }) => error.code);
      expect(await codeOf(client.endSftpSessions({ user: 'mallory', scopes: [Scopes.ServerView] }, 'dave', first))).toBe('ErrMissingScope');
      // Editing one server's users does not reach the node's other servers.
      expect(await codeOf(client.endSftpSessions({ user: 'mallory', scopes: [Scopes.ServerUsersEdit] }, 'dave'))).toBe('ErrMissingScope');
      expect(await lists(target)).toBe(true);
      expect(target.isOpen()).toBe(true);
    } finally {
      target.client.end();
    }
  });
  it("counts the open sessions in the node's health answer (the panel's outpost_sftp_sessions)", async () => {
    const count = async () => (await client.nodeInfo({ user: 'panel', scopes: [] })).sftpSessions;
    // Sessions the tests before ended on the client side close on the server a moment later.
    await vi.waitFor(async () => expect(await count()).toBe(0));
    const sessions = [await login('erin', first), await login('frank', second)];
    try {
      expect(await count()).toBe(2);
      await client.endSftpSessions({ user: 'erin', scopes: [] }, 'erin');
      expect(await count()).toBe(1);
    } finally {
      for (const s of sessions) s.client.end();
    }
    await vi.waitFor(async () => expect(await count()).toBe(0));
  });
});
