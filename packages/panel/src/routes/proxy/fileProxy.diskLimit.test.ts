import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

const MiB = 1024 ** 2;

describe('an upload through the panel past the server disk limit', () => {
  let t: NodeTestApp;
  let id: string;
  let base: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'disk limit');
    const servers = t.node.daemon.servers;
    await servers.putDefinition(id, { ...servers.get(id).definition, limits: { disk: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const upload = (name: string, bytes: number) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(bytes, 5)]), name);
    return fetch(`${base}/proxy/daemon/server/${id}/file/${name}`, { method: 'PUT', headers: t.admin.headers, body: form, signal: AbortSignal.timeout(20_000) });
  };

  it('is refused 413 ErrQuotaExceeded part-way, and the next upload from the same client goes through', async () => {
    const refused = await upload('world.bin', 4 * MiB);
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toMatchObject({ reason: 'ErrQuotaExceeded', msg: expect.stringMatching(/disk limit of 1 MiB/) });
    // The refused body was never read whole: were its connection kept, this one would wait behind it.
    const small = await upload('notes.txt', 100);
    expect(small.status).toBe(204);
  });
});
