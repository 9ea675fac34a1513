import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { TIME_ZONE_HEADER } from './taskProxy.js';

describe('/proxy/daemon/server/{id}/tasks', () => {
  let t: NodeTestApp;
  let id: string;
  let consoleOnly: TestUser;
  let editor: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'task test');
    consoleOnly = await createServerUser(t.app, id, { viewServerConsole: true });
    editor = await createServerUser(t.app, id, { viewServerConsole: true, editServerData: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user: TestUser, payload?: unknown) =>
    t.app.inject({ method, url: `/proxy/daemon/server/${id}/tasks${path}`, headers: user.headers, payload: payload as string });

  it('creates, lists, edits, runs and deletes a task with editServerData, in the node time zone', async () => {
    expect((await call('GET', '', editor)).json()).toEqual({});
    const created = await call('POST', '', editor, { name: 'Say hi', cronSchedule: '0 0 */1 * *', operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] });
    expect(created.statusCode).toBe(200);
    const taskId = created.json().id as string;
    const listed = await call('GET', '', editor);
    expect(listed.json()).toEqual({ [taskId]: { name: 'Say hi', cronSchedule: '0 0 */1 * *', operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] } });
    expect(listed.headers[TIME_ZONE_HEADER]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    expect((await call('PUT', `/${taskId}`, editor, { name: 'Say hi now', cronSchedule: null, operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] })).statusCode).toBe(204);
    expect((await call('POST', `/${taskId}/run`, editor)).statusCode).toBe(204);
    await vi.waitFor(async () => {
      const logs = (await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: editor.headers })).json().logs.join('');
      expect(logs).toContain('[DAEMON] Task Say hi now finished');
    }, { timeout: 10_000 });
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/file/hi.txt`, headers: t.admin.headers })).body).toBe('hi');

    expect((await call('DELETE', `/${taskId}`, editor)).statusCode).toBe(204);
    expect((await call('GET', '', editor)).json()).toEqual({});
  });

  it('refuses without editServerData, and refuses a bad schedule or an unknown operation with their codes', async () => {
    for (const [method, path] of [['GET', ''], ['POST', ''], ['PUT', '/x'], ['DELETE', '/x'], ['POST', '/x/run']] as const) {
      const answer = await call(method, path, consoleOnly, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', operations: [] });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
    }
    const badCron = await call('POST', '', editor, { name: 'x', cronSchedule: 'every day', operations: [] });
    expect(badCron.statusCode).toBe(400);
    expect(badCron.json().error.reason).toBe('ErrInvalidCron');
    const unknown = await call('POST', '', editor, { name: 'x', operations: [{ type: 'rm-rf' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ reason: 'ErrUnknownOperation', metadata: { index: 0, type: 'rm-rf' } });
    expect((await call('POST', '/nope/run', editor)).statusCode).toBe(404);
    expect((await call('GET', '', editor)).json()).toEqual({});
  });
});
