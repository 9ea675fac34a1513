import { createHash } from 'node:crypto';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// Issue 29: the backup calls at /api/servers/{id}/backups, over HTTP on a listening panel as a third-party client makes them.
describe('/api/servers/{id}/backups', () => {
  let t: NodeTestApp;
  let base: string;
  let id: string;
  let viewer: TestUser;
  let maker: TestUser;
  let restorer: TestUser;
  let deleter: TestUser;
  let editAdmin: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'backup test');
    viewer = await createServerUser(t.app, id, { viewServerBackups: true });
    maker = await createServerUser(t.app, id, { viewServerBackups: true, createServerBackups: true });
    restorer = await createServerUser(t.app, id, { viewServerBackups: true, restoreServerBackups: true });
    deleter = await createServerUser(t.app, id, { viewServerBackups: true, deleteServerBackups: true });
    editAdmin = await createSignedInUser(t.app, [Scopes.ServersEditAdmin]);
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, user: TestUser, body?: unknown) =>
    fetch(`${base}/api/servers/${id}/backups${path}`, {
      method,
      headers: { ...(user.headers as Record<string, string>), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const put = (path: string, text: string) => fetch(`${base}/api/servers/${id}/file/${path}`, { method: 'PUT', headers: { ...(t.admin.headers as Record<string, string>), 'content-type': 'application/octet-stream' }, body: text });
  const read = async (path: string) => (await fetch(`${base}/api/servers/${id}/file/${path}`, { headers: t.admin.headers as Record<string, string> })).text();

  it('makes, lists, browses, downloads and restores a backup, each call needing its own flag', async () => {
    expect((await put('world/level.dat', 'the real world')).status).toBe(204);
    expect((await call('POST', '?wait=true', viewer, { name: 'nope' })).status).toBe(403);
    const made = await call('POST', '?wait=true', maker, { name: 'before the update' });
    expect(made.status).toBe(200);
    const { id: backupId } = (await made.json()) as { id: string };
    expect(backupId).toMatch(/^[0-9a-f]{16}$/);

    const listed = (await (await call('GET', '', viewer)).json()) as { backups: Record<string, unknown>[]; limit: number };
    expect(listed.limit).toBe(5);
    expect(listed.backups).toEqual([
      expect.objectContaining({ id: backupId, name: 'before the update', status: 'done', locked: false, files: 1, completedAt: expect.any(String), createdBy: { type: 'user', id: String(maker.id), name: maker.username } }),
    ]);
    const browsed = await call('GET', `/${backupId}/files?path=/world`, viewer);
    expect(await browsed.json()).toEqual([expect.objectContaining({ name: 'level.dat', isFile: true, size: 14 })]);
    const download = await call('GET', `/${backupId}/download`, viewer);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="before-the-update-${backupId}.tar.gz"`);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed.backups[0].sha256);

    await put('world/level.dat', 'griefed');
    expect((await call('POST', `/${backupId}/restore`, viewer, { paths: ['/world/level.dat'] })).status).toBe(403);
    expect((await call('POST', `/${backupId}/restore`, restorer, { paths: ['/world/level.dat'] })).status).toBe(204);
    expect(await read('world/level.dat')).toBe('the real world');

    // A client restoring everything sends no body at all.
    await put('world/level.dat', 'griefed again');
    expect((await fetch(`${base}/api/servers/${id}/backups/${backupId}/restore`, { method: 'POST', headers: restorer.headers as Record<string, string> })).status).toBe(204);
    expect(await read('world/level.dat')).toBe('the real world');
  });

  it('locks, renames and deletes with deleteServerBackups; retention with servers.edit.admin; errors with codes, never 500', async () => {
    const { id: backupId } = (await (await call('POST', '?wait=true', maker, {})).json()) as { id: string };
    expect((await call('PUT', `/${backupId}`, maker, { locked: true })).status).toBe(403);
    expect((await call('PUT', `/${backupId}`, deleter, { locked: true, name: 'keep me' })).status).toBe(204);
    const locked = await call('DELETE', `/${backupId}`, deleter);
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as { error: { reason: string } }).error.reason).toBe('ErrBackupLocked');
    expect((await call('PUT', `/${backupId}`, deleter, { locked: false })).status).toBe(204);
    expect((await call('DELETE', `/${backupId}`, deleter)).status).toBe(204);

    expect(await (await call('GET', '/policy', viewer)).json()).toEqual({ limit: 5, keepDays: 0 });
    expect((await call('PUT', '/policy', deleter, { limit: 3, keepDays: 7 })).status).toBe(403);
    expect((await call('PUT', '/policy', editAdmin, { limit: 3, keepDays: 7 })).status).toBe(204);
    expect(await (await call('GET', '/policy', viewer)).json()).toEqual({ limit: 3, keepDays: 7 });
    expect((await call('PUT', '/policy', editAdmin, { limit: -1, keepDays: 7 })).status).toBe(400);

    for (const [method, path, body, status, reason] of [
      ['GET', '/0123456789abcdef/files', undefined, 404, 'ErrNotFound'],
      ['GET', '/not-an-id/download', undefined, 400, undefined],
      ['POST', '/0123456789abcdef/restore', {}, 404, 'ErrNotFound'],
      ['POST', '', { name: 'x'.repeat(500) }, 400, undefined],
    ] as const) {
      const answer = await call(method, path, t.admin, body);
      expect(answer.status, `${method} ${path}`).toBe(status);
      if (reason) expect(((await answer.json()) as { error: { reason: string } }).error.reason).toBe(reason);
    }
    const { id: kept } = (await (await call('POST', '?wait=true', maker, {})).json()) as { id: string };
    expect((await call('POST', `/${kept}/restore`, t.admin, { paths: ['/../../etc'] })).status).toBe(400);
  });
});
