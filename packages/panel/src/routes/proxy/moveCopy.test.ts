import { symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Scopes, type ActivityEntry } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, startRemoteNode } from '../../test/serverFixtures.js';

const MiB = 1024 ** 2;

interface Setup {
  base: string;
  admin: TestUser;
  serverId: string;
  /** The server folder on the node's disk. */
  folder: string;
  setDiskLimit(mib: number): Promise<void>;
  makeUser(flags: Record<string, boolean>): Promise<TestUser>;
  close(): Promise<void>;
}

/** A panel listening on loopback with one server on its local node. */
async function localSetup(): Promise<Setup> {
  const t = await createNodeTestApp();
  const { node, admin } = t;
  const serverId = await createTestServer(t.app, admin, t.localNodeId, 'move local');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const servers = node.daemon.servers;
  return {
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    admin,
    serverId,
    folder: servers.get(serverId).files.root,
    setDiskLimit: (mib) => servers.putDefinition(serverId, { ...servers.get(serverId).definition, limits: { disk: mib } }),
    makeUser: (flags) => createServerUser(t.app, serverId, flags),
    close: () => t.close(),
  };
}

/** A panel whose server is on a remote daemon, reached over HTTP on loopback. */
async function remoteSetup(): Promise<Setup> {
  const t = await createTestApp();
  const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
  const remote = await startRemoteNode(t.app, admin, 'Remote node');
  const { nodeId, daemon } = remote;
  const serverId = await createTestServer(t.app, admin, nodeId, 'move remote');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    admin,
    serverId,
    folder: daemon.servers.get(serverId).files.root,
    setDiskLimit: (mib) => daemon.servers.putDefinition(serverId, { ...daemon.servers.get(serverId).definition, limits: { disk: mib } }),
    makeUser: (flags) => createServerUser(t.app, serverId, flags),
    async close() {
      await remote.close();
      await t.close();
    },
  };
}

describe.each([
  ['the local node', localSetup],
  ['a remote daemon', remoteSetup],
] as const)('moving and copying files on %s', (_where, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  }, 30_000);
  afterAll(() => s?.close());

  const call = async (method: string, path: string, who: TestUser, body?: unknown) => {
    const res = await fetch(`${s.base}${path}`, {
      method,
      headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof Blob ? (body as BodyInit) : JSON.stringify(body),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
    return { status: res.status, json, text };
  };
  const put = async (path: string, content: string | Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([content]), 'x');
    const res = await fetch(`${s.base}/api/servers/${s.serverId}/file/${path}`, { method: 'PUT', headers: s.admin.headers, body: form });
    expect(res.status).toBe(204);
  };
  const read = async (path: string) => {
    const res = await call('GET', `/api/servers/${s.serverId}/file/${path}`, s.admin);
    return { status: res.status, text: res.text };
  };
  const move = (from: string, to: string, who = s.admin) => call('POST', `/api/servers/${s.serverId}/files/move`, who, { from, to });
  const copy = (from: string, to: string, who = s.admin) => call('POST', `/api/servers/${s.serverId}/files/copy`, who, { from, to });

  it('renames a file and moves a folder into another, missing folders made, and logs each as server.file.renamed', async () => {
    await put('notes.txt', 'hello');
    await put('world/level.dat', 'level');
    expect((await move('/notes.txt', '/readme.txt')).status).toBe(204);
    expect(await read('readme.txt')).toEqual({ status: 200, text: 'hello' });
    expect((await read('notes.txt')).status).toBe(404);
    expect((await move('world', 'backups/old/world')).status).toBe(204);
    expect(await read('backups/old/world/level.dat')).toEqual({ status: 200, text: 'level' });
    const log = await call('GET', `/api/activity?limit=50&event=server.file.renamed`, s.admin);
    const moves = (log.json.activity as ActivityEntry[]).filter((entry) => entry.server === s.serverId).map((entry) => entry.data);
    expect(moves).toEqual(expect.arrayContaining([{ from: '/notes.txt', to: '/readme.txt' }, { from: 'world', to: 'backups/old/world' }]));
  });

  it('copies a file and a folder with its contents, leaving the originals', async () => {
    await put('config/server.properties', 'motd=hi');
    await put('config/sub/ops.json', '[]');
    expect((await copy('config/server.properties', 'server.properties.bak')).status).toBe(204);
    expect(await read('server.properties.bak')).toEqual({ status: 200, text: 'motd=hi' });
    expect((await copy('config', 'config-copy')).status).toBe(204);
    expect(await read('config-copy/sub/ops.json')).toEqual({ status: 200, text: '[]' });
    expect(await read('config/sub/ops.json')).toEqual({ status: 200, text: '[]' });
  });

  it('refuses 409 when the target exists, for a move and a copy, and changes nothing', async () => {
    await put('a.txt', 'A');
    await put('b.txt', 'B');
    for (const answer of [await move('a.txt', 'b.txt'), await copy('a.txt', 'b.txt')]) {
      expect(answer.status).toBe(409);
      expect(answer.json.error.reason).toBe('ErrAlreadyExists');
    }
    expect(await read('b.txt')).toEqual({ status: 200, text: 'B' });
    expect(await read('a.txt')).toEqual({ status: 200, text: 'A' });
  });

  it('refuses 400 moving or copying a folder into itself', async () => {
    await put('maps/one.dat', '1');
    for (const answer of [await move('maps', 'maps/inner'), await copy('maps', 'maps/inner/deeper')]) {
      expect(answer.status).toBe(400);
      expect(answer.json.error.reason).toBe('ErrInvalidPath');
    }
    expect((await read('maps/inner')).status).toBe(404);
  });

  it('cannot move or copy a file outside the server folder, nor copy through a link that points out', async () => {
    await put('inside.txt', 'in');
    for (const answer of [await move('inside.txt', '../../escaped.txt'), await copy('inside.txt', '../escaped.txt'), await copy('../../../etc/passwd', 'passwd')]) {
      expect([400, 403]).toContain(answer.status);
      expect(answer.json.error.reason).toBe('ErrPathOutsideServer');
    }
    await symlink('/etc', join(s.folder, 'etc-link'));
    for (const answer of [await copy('etc-link/passwd', 'passwd'), await copy('etc-link', 'etc-copy'), await move('inside.txt', 'etc-link/inside.txt')]) {
      expect([400, 403]).toContain(answer.status);
      expect(answer.json.error.reason).toBe('ErrPathOutsideServer');
    }
    // A folder holding a link out is refused as a whole, before anything is written.
    await put('holder/plain.txt', 'p');
    await symlink('/etc/passwd', join(s.folder, 'holder/passwd'));
    const refused = await copy('holder', 'holder-copy');
    expect(refused.json.error.reason).toBe('ErrPathOutsideServer');
    expect((await read('holder-copy/plain.txt')).status).toBe(404);
    expect((await read('passwd')).status).toBe(404);
  });

  it('refuses 403 without the file put permission, even to a user who may read the files', async () => {
    await put('kept.txt', 'k');
    const reader = await s.makeUser({ viewServerFiles: true });
    for (const answer of [await move('kept.txt', 'moved.txt', reader), await copy('kept.txt', 'copied.txt', reader)]) expect(answer.status).toBe(403);
    expect(await read('kept.txt')).toEqual({ status: 200, text: 'k' });
    const writer = await s.makeUser({ viewServerFiles: true, putServerFiles: true });
    expect((await move('kept.txt', 'moved.txt', writer)).status).toBe(204);
  });

  it('answers 400 naming the field when from or to is missing', async () => {
    const answer = await call('POST', `/api/servers/${s.serverId}/files/copy`, s.admin, { from: 'a.txt' });
    expect(answer.status).toBe(400);
  });

  it('refuses 413 a copy that would pass the disk limit, writing nothing; a move needs no room', async () => {
    await put('big.bin', Buffer.alloc(MiB, 7));
    await s.setDiskLimit(2);
    try {
      const refused = await copy('big.bin', 'big-copy.bin');
      expect(refused.status).toBe(413);
      expect(refused.json.error.reason).toBe('ErrQuotaExceeded');
      expect((await read('big-copy.bin')).status).toBe(404);
      expect((await move('big.bin', 'moved/big.bin')).status).toBe(204);
    } finally {
      await s.setDiskLimit(0);
    }
  });
});
