import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Scopes } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { UploadSweeper } from '../../services/uploads/UploadSweeper.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, startRemoteNode } from '../../test/serverFixtures.js';

const MiB = 1024 ** 2;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw HTTP request, as a third-party tus client sends it. */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: Uint8Array): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers: { 'tus-resumable': '1.0.0', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends `bytes` as a PATCH from `offset`, announcing more, and destroys the socket once they are
 * written and the panel has had a moment to pass them on: a connection that drops mid-upload.
 */
function cutPatch(base: string, path: string, auth: Record<string, string>, offset: number, bytes: Uint8Array, announced: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(`${base}${path}`, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(announced) },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes, () => setTimeout(() => request.destroy(), 300));
  });
}

/** Where the server's upload stands, once an append cut off has settled on the node. */
async function offsetOf(base: string, location: string, auth: Record<string, string>): Promise<number> {
  const head = await send(base, 'HEAD', location, auth);
  expect(head.status).toBe(200);
  return Number(head.headers['upload-offset']);
}

interface Setup {
  base: string;
  app: FastifyInstance;
  admin: TestUser;
  serverId: string;
  close(): Promise<void>;
  /** The server's disk limit in MiB (0: none). */
  setDiskLimit(mib: number): Promise<void>;
}

/** A panel listening on loopback with one server on its local node. */
async function localSetup(): Promise<Setup & { t: TestApp; node: LocalNode }> {
  const t = await createNodeTestApp();
  const { node, admin } = t;
  const serverId = await createTestServer(t.app, admin, t.localNodeId, 'uploads local');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    node,
    app: t.app,
    admin,
    serverId,
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    async setDiskLimit(mib) {
      const servers = node.daemon.servers;
      await servers.putDefinition(serverId, { ...servers.get(serverId).definition, limits: { disk: mib } });
    },
    close: () => t.close(),
  };
}

/** A panel whose server is on a remote daemon, reached over HTTP on loopback. */
async function remoteSetup(): Promise<Setup> {
  const t = await createTestApp();
  const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
  const remote = await startRemoteNode(t.app, admin, 'Remote node');
  const { nodeId, daemon } = remote;
  const serverId = await createTestServer(t.app, admin, nodeId, 'uploads remote');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app: t.app,
    admin,
    serverId,
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    async setDiskLimit(mib) {
      await daemon.servers.putDefinition(serverId, { ...daemon.servers.get(serverId).definition, limits: { disk: mib } });
    },
    async close() {
      await remote.close();
      await t.close();
    },
  };
}

describe.each([
  ['the local node', localSetup],
  ['a remote daemon', remoteSetup],
] as const)('resumable uploads (tus) on %s', (_where, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  }, 30_000);
  afterAll(() => s?.close());

  const uploads = () => `/api/servers/${s.serverId}/uploads`;
  const create = async (auth: Record<string, string>, path: string, length: number) => {
    const answer = await send(s.base, 'POST', uploads(), { ...auth, 'upload-length': String(length), 'upload-metadata': `path ${b64(path)},filename ${b64('ignored')}` });
    expect(answer.status, answer.body).toBe(201);
    expect(answer.headers.location).toMatch(new RegExp(`^${uploads()}/[0-9a-f]{32}$`));
    return answer.headers.location!;
  };
  const patch = (auth: Record<string, string>, location: string, offset: number, bytes: Uint8Array, type = 'application/offset+octet-stream') =>
    send(s.base, 'PATCH', location, { ...auth, 'content-type': type, 'upload-offset': String(offset) }, bytes);
  const download = async (path: string) => {
    const res = await fetch(`${s.base}/api/servers/${s.serverId}/file/${path}`, { headers: s.admin.headers });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('continues a transfer cut mid-way from the offset HEAD gives, and the file lands byte for byte', async () => {
    const data = randomBytes(6 * MiB);
    const location = await create(s.admin.headers, 'worlds/cut.bin', data.length);
    expect(await offsetOf(s.base, location, s.admin.headers)).toBe(0);
    await cutPatch(s.base, location, s.admin.headers, 0, data.subarray(0, 2 * MiB), data.length);
    // The bytes that got through stay; the node's count settles once the cut append has ended.
    await vi.waitUntil(async () => (await offsetOf(s.base, location, s.admin.headers)) > 0, { timeout: 10_000, interval: 100 });
    const offset = await offsetOf(s.base, location, s.admin.headers);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(2 * MiB);
    // Nothing is at the path until the last byte is in.
    expect((await download('worlds/cut.bin')).status).toBe(404);
    const rest = await patch(s.admin.headers, location, offset, data.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(data.length);
    const landed = await download('worlds/cut.bin');
    expect(landed.status).toBe(200);
    expect(sha(landed.bytes)).toBe(sha(data));
    // Done: the upload is no more.
    expect((await send(s.base, 'HEAD', location, s.admin.headers)).status).toBe(404);
    expect((await fetch(`${s.base}/api/servers/${s.serverId}/file/worlds`, { method: 'DELETE', headers: s.admin.headers })).status).toBe(204);
  }, 30_000);

  it('refuses a forged offset (409), bytes past Upload-Length (413), an append of another type (415) and a target outside the server', async () => {
    const location = await create(s.admin.headers, 'forged.bin', 1000);
    expect((await patch(s.admin.headers, location, 0, Buffer.alloc(100, 1))).status).toBe(204);
    const forged = await patch(s.admin.headers, location, 50, Buffer.alloc(10, 2));
    expect(forged.status).toBe(409);
    const past = await patch(s.admin.headers, location, 100, Buffer.alloc(1000, 3));
    expect(past.status).toBe(413);
    const wrongType = await patch(s.admin.headers, location, 100, Buffer.alloc(10, 4), 'application/octet-stream');
    expect(wrongType.status).toBe(415);
    // None of them moved the upload on.
    expect(await offsetOf(s.base, location, s.admin.headers)).toBe(100);
    const missingPath = await send(s.base, 'POST', uploads(), { ...s.admin.headers, 'upload-length': '10' });
    expect(missingPath.status).toBe(400);
    // The node's jail checks the target before any byte is sent.
    const outside = await send(s.base, 'POST', uploads(), { ...s.admin.headers, 'upload-length': '10', 'upload-metadata': `path ${b64('../escape.bin')}` });
    expect(outside.status).toBe(400);
    expect(JSON.parse(outside.body).error).toMatchObject({ reason: 'ErrPathOutsideServer' });
    const staging = await send(s.base, 'POST', uploads(), { ...s.admin.headers, 'upload-length': '10', 'upload-metadata': `path ${b64('.outpost-uploads/x')}` });
    expect(staging.status).toBe(403);
  });

  it('refuses bytes past Upload-Length in a body of no announced length (chunked), 413, and goes on from the offset HEAD gives', async () => {
    const data = randomBytes(100);
    const location = await create(s.admin.headers, 'chunked.bin', data.length);
    const refused = await new Promise<Answer>((resolve, reject) => {
      const headers = { 'tus-resumable': '1.0.0', ...s.admin.headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' };
      const request = http.request(`${s.base}${location}`, { method: 'PATCH', headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      request.on('error', reject);
      // Two writes and no Content-Length: Node sends the body chunked.
      request.write(data.subarray(0, 60));
      request.end(randomBytes(60));
    });
    expect(refused.status).toBe(413);
    const offset = await offsetOf(s.base, location, s.admin.headers);
    expect(offset).toBeLessThanOrEqual(60);
    const rest = await patch(s.admin.headers, location, offset, data.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    const landed = await download('chunked.bin');
    expect(sha(landed.bytes)).toBe(sha(data));
  });

  it('checks the permission on every chunk, and only the creator may continue an upload', async () => {
    const user = await createServerUser(s.app, s.serverId, { viewServerFiles: true, putServerFiles: true });
    const other = await createServerUser(s.app, s.serverId, { viewServerFiles: true, putServerFiles: true });
    const location = await create(user.headers, 'chunks.bin', 300);
    expect((await patch(user.headers, location, 0, Buffer.alloc(100, 1))).status).toBe(204);
    // Someone else with the same rights cannot see or continue it.
    expect((await send(s.base, 'HEAD', location, other.headers)).status).toBe(404);
    expect((await patch(other.headers, location, 100, Buffer.alloc(100, 2))).status).toBe(404);
    expect((await send(s.base, 'DELETE', location, other.headers)).status).toBe(404);
    // The right to put files is taken between chunks: the next one is refused.
    await s.app.panel.repo.permissions.replace(user.id, s.serverId, [Scopes.ServerView, Scopes.ServerFilesGet]);
    const refused = await patch(user.headers, location, 100, Buffer.alloc(100, 3));
    expect(refused.status).toBe(403);
    expect((await send(s.base, 'HEAD', location, user.headers)).status).toBe(403);
    await s.app.panel.repo.permissions.replace(user.id, s.serverId, [Scopes.ServerView, Scopes.ServerFilesGet, Scopes.ServerFilesPut]);
    expect(await offsetOf(s.base, location, user.headers)).toBe(100);
    // Its creator may give it up (tus termination).
    expect((await send(s.base, 'DELETE', location, user.headers)).status).toBe(204);
    expect((await send(s.base, 'HEAD', location, user.headers)).status).toBe(404);
  });

  it('counts the bytes against the disk limit as they arrive: 413 mid-way, and nothing at the path', async () => {
    await s.setDiskLimit(1);
    try {
      const location = await create(s.admin.headers, 'too-big.bin', 4 * MiB);
      const refused = await patch(s.admin.headers, location, 0, randomBytes(4 * MiB));
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error).toMatchObject({ reason: 'ErrQuotaExceeded' });
      expect((await download('too-big.bin')).status).toBe(404);
      // The refused upload is over: its staged bytes went with it.
      expect((await send(s.base, 'HEAD', location, s.admin.headers)).status).toBe(404);
    } finally {
      await s.setDiskLimit(0);
    }
  });

  it('removes an upload nothing arrived for in a day, record and staged bytes', async () => {
    const location = await create(s.admin.headers, 'abandoned.bin', 1000);
    expect((await patch(s.admin.headers, location, 0, Buffer.alloc(10, 1))).status).toBe(204);
    const { repo, nodes } = s.app.panel;
    // An hour idle is not abandoned.
    await new UploadSweeper(repo, nodes, () => Date.now() + 60 * 60_000).sweep();
    expect(await offsetOf(s.base, location, s.admin.headers)).toBe(10);
    // A day is (the earlier tests' unfinished uploads go too).
    expect(await new UploadSweeper(repo, nodes, () => Date.now() + 25 * 60 * 60_000).sweep()).toBeGreaterThanOrEqual(1);
    expect((await send(s.base, 'HEAD', location, s.admin.headers)).status).toBe(404);
    expect(await repo.uploads.byId(location.split('/').pop()!)).toBeUndefined();
  });
});

describe('a resumable upload across a panel restart', () => {
  let s: Awaited<ReturnType<typeof localSetup>>;
  beforeAll(async () => {
    s = await localSetup();
  }, 30_000);
  afterAll(() => s?.close());

  it('continues on a new panel built on the same database and data folder, and its staged bytes stay out of listings', async () => {
    const data = randomBytes(3 * MiB);
    const location = (
      await send(s.base, 'POST', `/api/servers/${s.serverId}/uploads`, { ...s.admin.headers, 'upload-length': String(data.length), 'upload-metadata': `path ${b64('restart.bin')}` })
    ).headers.location!;
    const first = await send(s.base, 'PATCH', location, { ...s.admin.headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, data.subarray(0, MiB));
    expect(first.status).toBe(204);
    const listing = await fetch(`${s.base}/api/servers/${s.serverId}/file/`, { headers: s.admin.headers });
    expect(((await listing.json()) as { name: string }[]).map((entry) => entry.name)).not.toContain('.outpost-uploads');

    // The panel (and its in-process node) stops; a new one starts on the same database and folders.
    await s.node.stop();
    await s.app.close();
    const app = await buildApp({ config: s.t.config, webDist: '/nonexistent-web-dist' });
    const node = await startLocalNode(app, { autostart: false, stopGraceMs: 2000 });
    s.node = node;
    s.app = app;
    s.t.app = app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect(await offsetOf(base, location, s.admin.headers)).toBe(MiB);
    const rest = await send(base, 'PATCH', location, { ...s.admin.headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(MiB) }, data.subarray(MiB));
    expect(rest.status).toBe(204);
    const landed = await fetch(`${base}/api/servers/${s.serverId}/file/restart.bin`, { headers: s.admin.headers });
    expect(sha(new Uint8Array(await landed.arrayBuffer()))).toBe(sha(data));
    expect(await readdir(join(s.t.config.dataDir))).toBeDefined();
  }, 30_000);
});
