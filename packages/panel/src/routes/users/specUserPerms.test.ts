import type { AddressInfo } from 'node:net';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

/**
 * PUT and GET /api/users/{id}/perms in PufferPanel's shape, over raw HTTP as its clients call: a
 * flat object of panel flags, often the user's own fields merged in, booleans or strings.
 */
describe('/api/users/{id}/perms with PufferPanel flags', () => {
  let t: TestApp;
  let root: string;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const call = async (who: TestUser, method: string, id: number, body?: unknown) => {
    const res = await fetch(`${root}/api/users/${id}/perms`, {
      method,
      headers: { authorization: who.headers.authorization!, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  it('takes the flags merged with the user fields, strings as booleans, unknown keys ignored, a flag left out false', async () => {
    const user = await createSignedInUser(t.app, [Scopes.TemplatesEdit]);
    const body = { id: user.id, username: user.username, email: user.email, viewServers: true, createServers: 'true', viewNodes: 'false', viewTemplates: true, sparkles: true };
    expect((await call(admin, 'PUT', user.id, body)).status).toBe(204);
    const read = await call(admin, 'GET', user.id);
    expect(read.json).toEqual({
      scopes: [Scopes.ServersView, Scopes.ServersCreate, Scopes.TemplatesView],
      admin: false,
      viewServers: true,
      createServers: true,
      deleteServers: false,
      editServerAdmin: false,
      viewNodes: false,
      editNodes: false,
      deployNodes: false,
      viewTemplates: true,
      editTemplates: false, // left out: taken away
      viewUsers: false,
      editUsers: false,
      panelSettings: false,
      viewActivity: false,
      viewMetrics: false,
    });
    // The user's own fields in the body changed nothing.
    expect((await t.app.panel.repo.users.byId(user.id))?.email).toBe(user.email);
  });

  it('keeps the rank rules: nobody grants a flag they lack, and the last administrator stays', async () => {
    const editor = await createSignedInUser(t.app, [Scopes.UsersView, Scopes.UsersEdit, Scopes.NodesView]);
    const target = await createSignedInUser(t.app, []);
    expect((await call(editor, 'PUT', target.id, { viewNodes: true })).status).toBe(204);
    const refused = await call(editor, 'PUT', target.id, { viewNodes: true, deployNodes: true });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.NodesDeploy } });
    expect((await call(editor, 'PUT', target.id, { admin: 'true' })).status).toBe(403);
    expect((await call(admin, 'GET', target.id)).json.scopes).toEqual([Scopes.NodesView]);

    const lastAdmin = await call(admin, 'PUT', admin.id, { admin: false, viewUsers: true });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.json.error.reason).toBe('ErrLastAdmin');
    expect((await call(admin, 'GET', admin.id)).json.admin).toBe(true);
  });

  it('still takes {scopes}, which wins over flags sent beside it', async () => {
    const user = await createSignedInUser(t.app, []);
    expect((await call(admin, 'PUT', user.id, { scopes: [Scopes.UsersView], viewNodes: true })).status).toBe(204);
    expect((await call(admin, 'GET', user.id)).json).toMatchObject({ scopes: [Scopes.UsersView], viewUsers: true, viewNodes: false });
  });
});
