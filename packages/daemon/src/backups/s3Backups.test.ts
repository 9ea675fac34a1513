import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Scopes, type NodeCaller, type S3BackupStorage } from '@outpost/shared';
import { fakeDefinition, openTestDaemon } from '../servers/testServer.js';

const admin: NodeCaller = { user: '1', scopes: [Scopes.ServersAdmin] };
// s3rver's own credentials; the storage is a real S3-protocol server on loopback, started here.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let relay: http.Server;
const parts: string[] = [];
const opened: { cleanup(): Promise<void> }[] = [];

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'outpost-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'backups', configs: [] }] });
  const { port } = await s3.run();
  // A loopback relay in front of it notes each part uploaded (s3rver keeps no trace of them).
  relay = http.createServer((request, response) => {
    if (/[?&]partNumber=/.test(request.url ?? '')) parts.push(request.url!);
    const onward = http.request({ host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
});

afterAll(async () => {
  relay.closeAllConnections();
  relay.close();
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

afterEach(async () => {
  while (opened.length) await opened.pop()!.cleanup();
});

function storage(extra: Partial<S3BackupStorage> = {}): S3BackupStorage {
  return { type: 's3', endpoint, region: 'us-east-1', bucket: 'backups', prefix: 'node-1/', forcePathStyle: true, ...credentials, ...extra };
}

/** A daemon that may reach loopback (where the test's S3 runs), with 5 MiB parts so a few MiB make a multipart upload. */
async function s3Daemon(allowed = '127.0.0.0/8') {
  const open = await openTestDaemon({ autostart: false, outbound: { allowed: () => allowed, allowedIn: 'the test' }, backups: { partBytes: 5 * 1024 * 1024 } });
  opened.push(open);
  return open;
}

async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: 'backups' }));
    return (answer.Contents ?? []).map((object) => object.Key!).sort();
  } finally {
    client.destroy();
  }
}

describe('backups in S3-compatible storage', () => {
  it('uploads an archive larger than a part in several parts, browses it and restores from it byte for byte', async () => {
    const { daemon } = await s3Daemon();
    await daemon.api.setBackupStorage(admin, storage());
    expect(await daemon.api.testBackupStorage(admin)).toEqual({ ok: true });
    await daemon.api.createServer(admin, 'c0000001', fakeDefinition());
    const files = daemon.servers.get('c0000001').files;
    const world = randomBytes(12 * 1024 * 1024);
    await files.write('world/region.mca', world);
    const id = await daemon.api.createBackup(admin, 'c0000001', 'to s3', true);
    const [backup] = (await daemon.api.listBackups(admin, 'c0000001')).backups;
    expect(backup.size).toBeGreaterThan(10 * 1024 * 1024);
    expect(await keysInBucket()).toEqual([`node-1/c0000001/${id}.tar.gz`]);
    // Three parts of at most 5 MiB went up (the S3 server saw each), then were joined.
    expect(parts.filter((url) => url.includes(`c0000001/${id}.tar.gz`))).toHaveLength(3);
    const stored = await readFile(join(s3Dir, 'backups', 'node-1', 'c0000001', `${id}.tar.gz._S3rver_object`));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(backup.sha256);

    await files.delete('world');
    await daemon.api.restoreBackup(admin, 'c0000001', id, { paths: ['world/region.mca'] });
    const root = await files.jail.realRoot();
    expect((await readFile(join(root, 'world/region.mca'))).equals(world)).toBe(true);
    expect(await daemon.api.nodeInfo(admin)).toMatchObject({ backups: { ok: true } });

    await daemon.api.deleteBackup(admin, 'c0000001', id);
    expect(await keysInBucket()).toEqual([]);
  });

  it('fails a backup with a clear reason when the credentials are wrong or the storage is down, leaving nothing in the bucket', async () => {
    const { daemon } = await s3Daemon();
    await daemon.api.createServer(admin, 'c0000002', fakeDefinition());
    await daemon.servers.get('c0000002').files.write('world/region.mca', randomBytes(6 * 1024 * 1024));

    await daemon.api.setBackupStorage(admin, storage({ accessKeyId: 'NOT-A-KEY' }));
    await expect(daemon.api.createBackup(admin, 'c0000002', 'bad key', true)).rejects.toMatchObject({ code: 'ErrBackupStorage', status: 502 });
    const [failed] = (await daemon.api.listBackups(admin, 'c0000002')).backups;
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'ErrBackupStorage' });
    expect(failed.error).toContain('refused the credentials');
    expect(await keysInBucket()).toEqual([]);
    expect((await daemon.api.nodeInfo(admin)).backups).toMatchObject({ ok: false, errorCode: 'ErrBackupStorage' });

    // A port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await daemon.api.testBackupStorage(admin, storage({ endpoint: `http://127.0.0.1:${port}` }));
    expect(down).toMatchObject({ ok: false, errorCode: 'ErrBackupStorage' });
    expect(down.error).toContain('could not reach');
  });

  it('refuses storage at a private address the node does not allow, before connecting', async () => {
    // Nothing is allowed: the test's own S3 on loopback stands as the decoy a failing guard would reach.
    const { daemon } = await s3Daemon('');
    const before = await keysInBucket();
    const answer = await daemon.api.testBackupStorage(admin, storage());
    expect(answer).toMatchObject({ ok: false, errorCode: 'ErrPrivateTarget' });
    expect(await keysInBucket()).toEqual(before);
  });
});
