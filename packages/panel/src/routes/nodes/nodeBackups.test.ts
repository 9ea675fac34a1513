import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scopes, SettingKeys, type BackupStorage } from '@outpost/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, type NodeTestApp } from '../../test/serverFixtures.js';

/** s3rver, a real S3-protocol server on loopback; it ships no types, so the little used here is said here. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rver;

/** A loopback port nothing listens on: taken, then let go. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Where a node keeps its backups, as a third-party client sets it: raw HTTP on loopback with a
 * bearer token, against the real local node (the daemon in this process) and a real S3-protocol
 * server. s3rver takes any SigV4 signature, so what the node was given (the secret above all) is
 * read where the node receives it.
 */
describe('a node\'s backup storage, at /api/nodes/{id}', () => {
  let t: NodeTestApp;
  let root: string;
  let s3: S3rver;
  let s3Dir: string;
  let storage: Extract<BackupStorage, { type: 's3' }>;
  let editor: TestUser;
  let viewer: TestUser;
  let localId: number;

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    s3Dir = await mkdtemp(join(tmpdir(), 'outpost-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'outpost-backups' }] });
    const { port } = await s3.run();
    // s3rver knows one access key, S3RVER.
    storage = { type: 's3', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'outpost-backups', prefix: 'node-one', accessKeyId: 'S3RVER', secretAccessKey: 'first secret', forcePathStyle: true };
    editor = await createSignedInUser(t.app, [Scopes.NodesView, Scopes.NodesEdit]);
    viewer = await createSignedInUser(t.app, [Scopes.NodesView]);
    localId = t.localNodeId;
    // The node dials the storage through its private-address guard: this one is on loopback.
    expect((await call(t.admin, 'PUT', `/api/settings/${SettingKeys.allowPrivateTargets}`, { value: '127.0.0.0/8' })).status).toBe(204);
  });
  afterAll(async () => {
    await s3?.close();
    await t?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });
  beforeEach(() => vi.restoreAllMocks());

  const call = async (user: TestUser | undefined, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: { ...user?.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };
  /** The node as read, sent back whole with the given storage: what a node form saves. */
  const form = async (id: number, backups: unknown) => {
    const { name, publicHost, publicPort, privateHost, privatePort, sftpPort } = (await call(viewer, 'GET', `/api/nodes/${id}`)).json;
    return { name, publicHost, publicPort, privateHost, privatePort, sftpPort, backups };
  };
  const put = async (user: TestUser, id: number, backups: unknown) => call(user, 'PUT', `/api/nodes/${id}`, await form(id, backups));
  const shown = async (id = localId) => (await call(viewer, 'GET', `/api/nodes/${id}`)).json.backups;
  /** What the local node's daemon was handed by its last call of `method`. */
  const received = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.at(-1)?.[1];
  const testStorage = (user: TestUser | undefined, body?: unknown, id = localId) => call(user, 'POST', `/api/nodes/${id}/backups/test`, body);

  it('lets an administrator point the local node at S3: the node gets the whole storage, reads answer the secret empty with isSet', async () => {
    expect(await shown()).toEqual({ type: 'local' });
    const set = vi.spyOn(t.node.daemon.api, 'setBackupStorage');
    const res = await put(t.admin, localId, storage);
    expect(res.status, res.text).toBe(204);
    expect(received(set)).toEqual(storage);

    expect(await shown()).toEqual({ ...storage, secretAccessKey: '', isSet: true });
    const list = await call(viewer, 'GET', '/api/nodes');
    expect(list.json.find((n: { id: number }) => n.id === localId).backups).toMatchObject({ type: 's3', secretAccessKey: '', isSet: true });
    expect(list.text).not.toContain('first secret');

    // The saved storage works: the node writes, reads back and removes a test object there, and
    // its word on the storage comes with the node from then on.
    expect((await testStorage(t.admin)).json).toEqual({ ok: true });
    expect((await call(viewer, 'GET', `/api/nodes/${localId}`)).json.backupStorage).toEqual({ ok: true });
  });

  it('keeps the saved secret when the form leaves it empty, and takes a new one when given', async () => {
    expect((await put(t.admin, localId, storage)).status).toBe(204);
    const set = vi.spyOn(t.node.daemon.api, 'setBackupStorage');
    const test = vi.spyOn(t.node.daemon.api, 'testBackupStorage');

    // Saved as read (secret empty, isSet true): no change, so the node is not called at all.
    expect((await put(editor, localId, await shown())).status).toBe(204);
    expect(set).not.toHaveBeenCalled();

    expect((await put(t.admin, localId, { ...storage, prefix: 'elsewhere', secretAccessKey: '' })).status).toBe(204);
    expect(received(set)).toEqual({ ...storage, prefix: 'elsewhere', secretAccessKey: 'first secret' });
    expect((await testStorage(t.admin, { backups: { ...storage, secretAccessKey: '' } })).json).toEqual({ ok: true });
    expect(received(test)).toEqual({ ...storage, secretAccessKey: 'first secret' });

    expect((await put(t.admin, localId, { ...storage, secretAccessKey: 'second secret' })).status).toBe(204);
    expect(received(set)).toEqual({ ...storage, secretAccessKey: 'second secret' });
    expect((await testStorage(t.admin)).json).toEqual({ ok: true });
    expect(await shown()).toEqual({ ...storage, secretAccessKey: '', isSet: true });

    // Local storage keeps no secret: going back to S3 needs it again.
    expect((await put(t.admin, localId, { type: 'local' })).status).toBe(204);
    expect(received(set)).toEqual({ type: 'local' });
    expect(await shown()).toEqual({ type: 'local' });
    const again = await put(t.admin, localId, { ...storage, secretAccessKey: '' });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'backups.secretAccessKey' } });
  });

  it('refuses a holder of nodes.edit alone: 403 naming servers.admin, and nothing changes on the node or the page', async () => {
    expect((await put(t.admin, localId, storage)).status).toBe(204);
    const set = vi.spyOn(t.node.daemon.api, 'setBackupStorage');
    for (const backups of [{ type: 'local' }, { ...storage, endpoint: 'http://127.0.0.1:9' }, { ...storage, secretAccessKey: 'mine now' }, { ...storage, bucket: '  ' }]) {
      const res = await put(editor, localId, backups);
      expect(res.status, JSON.stringify(backups)).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: 'servers.admin' } });
    }
    expect(set).not.toHaveBeenCalled();
    expect(await shown()).toEqual({ ...storage, secretAccessKey: '', isSet: true });
    expect((await testStorage(editor)).status).toBe(403);
    expect((await testStorage(editor)).json.error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: 'servers.admin' } });
  });

  it('refuses unusable S3 settings with 400 naming the field, before the node is called', async () => {
    expect((await put(t.admin, localId, { type: 'local' })).status).toBe(204);
    const set = vi.spyOn(t.node.daemon.api, 'setBackupStorage');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endpoint: 'ftp://files.example.com' }, 'ErrFieldIsInvalidHost', 'backups.endpoint'],
      [{ endpoint: 'not a url' }, 'ErrFieldIsInvalidHost', 'backups.endpoint'],
      [{ endpoint: 'http://key:secret@s3.example.com' }, 'ErrFieldIsInvalidHost', 'backups.endpoint'],
      [{ endpoint: ' ' }, 'ErrFieldRequired', 'backups.endpoint'],
      [{ bucket: '  ' }, 'ErrFieldRequired', 'backups.bucket'],
      [{ accessKeyId: '' }, 'ErrFieldRequired', 'backups.accessKeyId'],
    ];
    for (const [change, code, field] of cases) {
      for (const res of [await put(t.admin, localId, { ...storage, ...change }), await testStorage(t.admin, { backups: { ...storage, ...change } })]) {
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.json.error, JSON.stringify(change)).toMatchObject({ code, metadata: { field } });
      }
    }
    // What the schema itself refuses names the field too, though a storage has two shapes.
    const { bucket: _bucket, ...noBucket } = storage;
    const refused: [unknown, string][] = [[noBucket, 'backups.bucket'], [{ ...storage, bucket: '' }, 'backups.bucket'], [{ ...storage, forcePathStyle: 'yes' }, 'backups.forcePathStyle'], [{ type: 's3' }, 'backups.endpoint'], [{ ...storage, type: 'ftp' }, 'backups.type']];
    for (const [backups, field] of refused) {
      const res = await put(t.admin, localId, backups);
      expect(res.status, JSON.stringify(backups)).toBe(400);
      expect(res.json.error, JSON.stringify(backups)).toMatchObject({ metadata: { field } });
    }
    expect(set).not.toHaveBeenCalled();
    expect(await shown()).toEqual({ type: 'local' });
  });

  it('tests an S3 endpoint nobody listens on: 200 with ok false and the storage\'s error; saved, the node\'s page says so', async () => {
    const endpoint = `http://127.0.0.1:${await deadPort()}`;
    const res = await testStorage(t.admin, { backups: { ...storage, endpoint } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: false, errorCode: 'ErrBackupStorage', error: expect.stringContaining(endpoint) });
    expect(await shown()).toEqual({ type: 'local' });

    expect((await put(t.admin, localId, { ...storage, endpoint })).status).toBe(204);
    expect((await testStorage(t.admin)).json).toMatchObject({ ok: false, errorCode: 'ErrBackupStorage' });
    expect((await call(viewer, 'GET', `/api/nodes/${localId}`)).json.backupStorage).toMatchObject({ ok: false, errorCode: 'ErrBackupStorage', error: expect.stringContaining(endpoint) });
    expect((await put(t.admin, localId, { type: 'local' })).status).toBe(204);
  });

  it('saves nothing when the node cannot be reached: its error, 502', async () => {
    const node = { name: 'Far away', publicHost: '127.0.0.6', publicPort: await deadPort(), sftpPort: 5658 };
    const created = await call(t.admin, 'POST', '/api/nodes', { ...node, backups: { type: 'local' } });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ backups: { type: 'local' }, backupStorage: null });
    const { id } = created.json;
    const res = await put(t.admin, id, storage);
    expect(res.status).toBe(502);
    expect(res.json.error.reason).toBe('ErrNodeUnreachable');
    expect(await shown(id)).toEqual({ type: 'local' });
    // A node being added has no daemon yet to take S3 storage: set it once the node is online.
    const early = await call(t.admin, 'POST', '/api/nodes', { ...node, name: 'Too early', backups: storage });
    expect(early.status).toBe(502);
    expect(early.json.error).toMatchObject({ reason: 'ErrNodeUnreachable', metadata: { field: 'backups' } });
    expect((await call(viewer, 'GET', '/api/nodes')).json.map((n: { name: string }) => n.name)).not.toContain('Too early');
    expect((await testStorage(t.admin, undefined, id)).json.error.reason).toBe('ErrNodeUnreachable');
  });

  it('keeps the local node\'s address to the Master URL setting: a PUT changing it is still refused', async () => {
    const res = await call(t.admin, 'PUT', `/api/nodes/${localId}`, { ...(await form(localId, { type: 'local' })), publicPort: 1234 });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('ErrNoPermission');
  });

  it('answers the test 401 without a session and 404 for an unknown node', async () => {
    expect((await testStorage(undefined)).status).toBe(401);
    expect((await testStorage(t.admin, {}, 99_999)).status).toBe(404);
  });
});
