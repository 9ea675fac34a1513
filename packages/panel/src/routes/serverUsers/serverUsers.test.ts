import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

describe('/api/servers/{id}/user', () => {
  let t: NodeTestApp;
  let id: string;
  let manager: TestUser;
  let guest: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'users test');
    manager = await createServerUser(t.app, id, { editServerUsers: true, viewServerConsole: true, startServer: true });
    guest = await createSignedInUser(t.app, []);
  });
  afterAll(() => t.close());

  const url = (suffix = '') => `/api/servers/${id}/user${suffix}`;
  const loginScopes = async (user: TestUser): Promise<string[]> =>
    (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } })).json().scopes;

  it('sets, lists and removes a user\'s flags on the server', async () => {
    const put = await t.app.inject({ method: 'PUT', url: url(`/${guest.email}`), headers: manager.headers, payload: { viewServerConsole: true, startServer: true } });
    expect(put.statusCode).toBe(204);
    const list = (await t.app.inject({ method: 'GET', url: url(), headers: manager.headers })).json();
    expect(list.find((e: { email: string }) => e.email === guest.email)).toMatchObject({ username: guest.username, viewServerConsole: true, startServer: true, stopServer: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/servers/${id}`, headers: guest.headers })).statusCode).toBe(200);
    // The guest can now find the server: their sessions carry the server list, which shows it.
    expect(await loginScopes(guest)).toContain('servers.view');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/servers', headers: guest.headers })).json();
    expect(listed.servers.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${guest.id}`), headers: manager.headers })).statusCode).toBe(204);
    expect(await t.app.panel.repo.permissions.serverScopes(guest.id, id)).toEqual([]);
    // Sharing stored no panel scope: with the server gone, so is the list.
    expect(await loginScopes(guest)).not.toContain('servers.view');
    await t.app.inject({ method: 'PUT', url: url(`/${guest.email}`), headers: manager.headers, payload: { viewServerConsole: true } });
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${guest.email}`), headers: manager.headers })).statusCode).toBe(204);
    expect(await t.app.panel.repo.permissions.serverScopes(guest.id, id)).toEqual([]);
  });

  it('answers 404 ErrNotFound, and stores nothing, when an admin grants on a server id that does not exist', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/servers/0badc0de/user/' + guest.email, headers: t.admin.headers, payload: { viewServerConsole: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.reason).toBe('ErrNotFound');
    expect(await t.app.panel.repo.permissions.serverScopes(guest.id, '0badc0de')).toEqual([]);
  });

  it('finds the user by email in any case and with spaces around it', async () => {
    const res = await t.app.inject({ method: 'PUT', url: url(`/${encodeURIComponent(` ${guest.email.toUpperCase()} `)}`), headers: manager.headers, payload: { viewServerConsole: true } });
    expect(res.statusCode).toBe(204);
    expect(await t.app.panel.repo.permissions.serverScopes(guest.id, id)).toContain(Scopes.ServerConsole);
    await t.app.inject({ method: 'DELETE', url: url(`/${guest.id}`), headers: manager.headers });
  });

  it('refuses to hand out a permission the manager does not hold', async () => {
    const res = await t.app.inject({ method: 'PUT', url: url(`/${guest.email}`), headers: manager.headers, payload: { putServerFiles: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ErrMissingScope');
  });

  it('refuses to change or remove someone who holds more on the server than the manager', async () => {
    const owner = await createServerUser(t.app, id, { editServerUsers: true, viewServerConsole: true, startServer: true, putServerFiles: true });
    const strip = await t.app.inject({ method: 'PUT', url: url(`/${owner.email}`), headers: manager.headers, payload: {} });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().error.code).toBe('ErrMissingScope');
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${owner.email}`), headers: manager.headers })).statusCode).toBe(403);
    expect(await t.app.panel.repo.permissions.serverScopes(owner.id, id)).toContain('server.files.put');
    // An administrator outranks everyone.
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${owner.email}`), headers: t.admin.headers })).statusCode).toBe(204);
  });

  it('answers alike for an account that does not exist and one that holds nothing on the server', async () => {
    const outsider = await createSignedInUser(t.app, []);
    const remove = (who: string | number) => t.app.inject({ method: 'DELETE', url: url(`/${encodeURIComponent(String(who))}`), headers: manager.headers });
    const answers = [await remove(outsider.id), await remove(999_999), await remove(outsider.email), await remove('no.account@example.com')];
    expect(answers.map((res) => [res.statusCode, res.body && res.json().error.code])).toEqual(Array(4).fill([404, 'ErrUserNotFound']));
  });

  it('answers ErrEmailNotConfigured for an unknown email while no mail can invite it, 400 for bad flags, 401 and 403', async () => {
    const unknown = await t.app.inject({ method: 'PUT', url: url('/nobody@example.com'), headers: manager.headers, payload: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('ErrEmailNotConfigured');
    expect((await t.app.inject({ method: 'GET', url: url(), headers: manager.headers })).json().map((e: { email: string }) => e.email)).not.toContain('nobody@example.com');
    const gone = await t.app.inject({ method: 'DELETE', url: url('/nobody@example.com'), headers: manager.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('ErrUserNotFound');
    expect((await t.app.inject({ method: 'PUT', url: url(`/${guest.email}`), headers: manager.headers, payload: { startServer: 'yes please' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const other = await createServerUser(t.app, id, { viewServerConsole: true });
    expect((await t.app.inject({ method: 'GET', url: url(), headers: other.headers })).statusCode).toBe(403);
  });
});
