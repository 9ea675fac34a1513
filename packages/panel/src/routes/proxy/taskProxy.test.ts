import { Scopes, scopesFromPermissions, type ServerPermissions } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { TIME_ZONE_HEADER } from './taskProxy.js';

describe('/proxy/daemon/server/{id}/tasks', () => {
  let t: NodeTestApp;
  let id: string;
  let consoleOnly: TestUser;
  let dataEditor: TestUser;
  let editor: TestUser;
  /** A user holding servers.edit.admin panel-wide and `flags` on the server: what a task with steps needs. */
  const stepEditor = async (flags: Partial<ServerPermissions>) => {
    const user = await createSignedInUser(t.app, [Scopes.ServersEditAdmin]);
    await t.app.panel.repo.permissions.replace(user.id, id, scopesFromPermissions(flags));
    return user;
  };
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'task test');
    consoleOnly = await createServerUser(t.app, id, { viewServerConsole: true });
    dataEditor = await createServerUser(t.app, id, { viewServerConsole: true, editServerData: true });
    editor = await stepEditor({ viewServerConsole: true, editServerData: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user: TestUser, payload?: unknown) =>
    t.app.inject({ method, url: `/proxy/daemon/server/${id}/tasks${path}`, headers: user.headers, payload: payload as string });

  const consoleText = async () => (await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: t.admin.headers })).json().logs.join('') as string;
  const fileAnswer = (name: string) => t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/file/${name}`, headers: t.admin.headers });

  it('creates, lists, edits, runs and deletes a task with editServerData (and servers.edit.admin for its step), in the node time zone', async () => {
    expect((await call('GET', '', editor)).json().tasks).toEqual({});
    const created = await call('POST', '', editor, { name: 'Say hi', cronSchedule: '0 0 */1 * *', operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] });
    expect(created.statusCode).toBe(200);
    const taskId = created.json().id as string;
    const listed = await call('GET', '', editor);
    expect(listed.json().tasks).toEqual({ [taskId]: { name: 'Say hi', cronSchedule: '0 0 */1 * *', operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] } });
    expect(listed.headers[TIME_ZONE_HEADER]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    expect((await call('PUT', `/${taskId}`, editor, { name: 'Say hi now', cronSchedule: null, operations: [{ type: 'writefile', target: 'hi.txt', text: 'hi' }] })).statusCode).toBe(204);
    expect((await call('POST', `/${taskId}/run`, editor)).statusCode).toBe(204);
    await vi.waitFor(async () => {
      const logs = (await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: editor.headers })).json().logs.join('');
      expect(logs).toContain('[DAEMON] Task Say hi now finished');
    }, { timeout: 10_000 });
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/file/hi.txt`, headers: t.admin.headers })).body).toBe('hi');

    expect((await call('DELETE', `/${taskId}`, editor)).statusCode).toBe(204);
    expect((await call('GET', '', editor)).json().tasks).toEqual({});
  });

  // Issue 26, finding 2: editServerData alone ran commands and power actions through tasks.
  it('an editServerData holder cannot save or run a task doing what they may not do by hand', async () => {
    const cases = [
      [{ type: 'start' }, Scopes.ServerStart],
      [{ type: 'stop' }, Scopes.ServerStop],
      [{ type: 'kill' }, Scopes.ServerStop],
      [{ type: 'restart' }, Scopes.ServerStart],
      [{ type: 'console', command: 'op attacker' }, Scopes.ServerConsoleSend],
      [{ type: 'command', commands: ['touch planted'] }, Scopes.ServersEditAdmin],
      [{ type: 'writefile', target: 'planted', text: 'x' }, Scopes.ServersEditAdmin],
    ] as const;
    for (const [operation, scope] of cases) {
      const answer = await call('POST', '', dataEditor, { name: 'Planted', cronSchedule: '* * * * *', operations: [operation] });
      expect(answer.statusCode, operation.type).toBe(403);
      expect(answer.json().error, operation.type).toMatchObject({ code: 'ErrMissingScope', metadata: { scope, index: 0 } });
    }
    expect((await call('GET', '', dataEditor)).json().tasks).toEqual({});

    // An admin's task with a command step: the data editor can neither make it theirs nor run it.
    const made = await call('POST', '', t.admin, { name: 'Admin job', cronSchedule: null, operations: [{ type: 'command', commands: ['touch planted'] }] });
    const taskId = made.json().id as string;
    expect((await call('PUT', `/${taskId}`, dataEditor, { name: 'Admin job', cronSchedule: null, operations: [{ type: 'command', commands: ['touch planted'] }] })).statusCode).toBe(403);
    const run = await call('POST', `/${taskId}/run`, dataEditor);
    expect(run.statusCode).toBe(403);
    expect(run.json().error.metadata).toEqual({ scope: Scopes.ServersEditAdmin, index: 0 });
    expect(await consoleText()).not.toContain('Task Admin job started');
    expect((await fileAnswer('planted')).statusCode).toBe(404);
    expect((await call('DELETE', `/${taskId}`, t.admin)).statusCode).toBe(204);
  });

  // Issue 26, finding 6: a scheduled task kept running after its creator lost the server or was deleted.
  it('stops running a task on its schedule once whoever saved it is deleted, shows why, and runs it again once an admin saves it', async () => {
    const creator = await stepEditor({ editServerData: true });
    const task = { name: 'Nightly note', cronSchedule: '0 0 * * *', operations: [{ type: 'writefile', target: 'note.txt', text: 'night' }] };
    const taskId = (await call('POST', '', creator, task)).json().id as string;
    expect((await call('GET', '', t.admin)).json().tasks[taskId]).toEqual(task);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${creator.id}`, headers: t.admin.headers })).statusCode).toBe(204);
    const listed = (await call('GET', '', t.admin)).json().tasks[taskId];
    expect(listed).toEqual({ ...task, disabled: { reason: 'ownerLacksScope', scope: Scopes.ServerEdit } });
    // What the schedule does when the time comes (the daemon's own tests move the clock to it).
    const tasks = t.node.daemon.servers.get(id).tasks;
    await expect(tasks.run(taskId, { scheduled: true })).rejects.toMatchObject({ code: 'ErrMissingScope' });
    expect(await consoleText()).toContain('[DAEMON] Task Nightly note did not run: the user who saved it no longer holds server.edit');
    expect((await fileAnswer('note.txt')).statusCode).toBe(404);

    expect((await call('PUT', `/${taskId}`, t.admin, listed)).statusCode).toBe(204);
    expect((await call('GET', '', t.admin)).json().tasks[taskId]).toEqual(task);
    await tasks.run(taskId, { scheduled: true });
    expect((await fileAnswer('note.txt')).body).toBe('night');
    expect((await call('DELETE', `/${taskId}`, t.admin)).statusCode).toBe(204);
  });

  it('stops running a task on its schedule once whoever saved it loses the panel permission its step needs', async () => {
    const creator = await stepEditor({ editServerData: true });
    const task = { name: 'Rotate logs', cronSchedule: '0 0 * * *', operations: [{ type: 'mkdir', target: 'logs' }] };
    const taskId = (await call('POST', '', creator, task)).json().id as string;
    const perms = await t.app.inject({ method: 'PUT', url: `/api/users/${creator.id}/perms`, headers: t.admin.headers, payload: { scopes: [] } });
    expect(perms.statusCode).toBe(204);
    expect((await call('GET', '', creator)).json().tasks[taskId]).toEqual({ ...task, disabled: { reason: 'ownerLacksScope', scope: Scopes.ServersEditAdmin } });
    await expect(t.node.daemon.servers.get(id).tasks.run(taskId, { scheduled: true })).rejects.toMatchObject({ code: 'ErrMissingScope' });
    expect((await fileAnswer('logs')).statusCode).toBe(404);
    expect((await call('DELETE', `/${taskId}`, creator)).statusCode).toBe(204);
  });

  it('stops running a task on its schedule once whoever saved it is removed from the server, or loses editServerData there', async () => {
    const creator = await stepEditor({ editServerData: true, startServer: true });
    const task = { name: 'Morning start', cronSchedule: '0 6 * * *', operations: [{ type: 'writefile', target: 'morning.txt', text: 'up' }] };
    const taskId = (await call('POST', '', creator, task)).json().id as string;
    // Narrowed on the server's Users tab: still there, without editServerData.
    const narrowed = await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/user/${creator.email}`, headers: t.admin.headers, payload: { startServer: true } });
    expect(narrowed.statusCode).toBe(204);
    expect((await call('GET', '', t.admin)).json().tasks[taskId]).toEqual({ ...task, disabled: { reason: 'ownerLacksScope', scope: Scopes.ServerEdit } });
    // Saved again by an admin, then its new saver is removed from the server altogether.
    expect((await call('PUT', `/${taskId}`, creator, task)).statusCode).toBe(403);
    const helper = await stepEditor({ editServerData: true });
    expect((await call('PUT', `/${taskId}`, helper, task)).statusCode).toBe(204);
    expect((await call('GET', '', t.admin)).json().tasks[taskId]).toEqual(task);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}/user/${helper.id}`, headers: t.admin.headers })).statusCode).toBe(204);
    expect((await call('GET', '', t.admin)).json().tasks[taskId]).toEqual({ ...task, disabled: { reason: 'ownerLacksScope', scope: Scopes.ServerEdit } });
    await expect(t.node.daemon.servers.get(id).tasks.run(taskId, { scheduled: true })).rejects.toMatchObject({ code: 'ErrMissingScope' });
    expect((await fileAnswer('morning.txt')).statusCode).toBe(404);
    expect((await call('DELETE', `/${taskId}`, t.admin)).statusCode).toBe(204);
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
    expect((await call('GET', '', editor)).json().tasks).toEqual({});
  });
});
