import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

describe('/api/nodes', () => {
  let t: TestApp;
  let editor: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await createSignedInUser(t.app, [Scopes.NodesView, Scopes.NodesEdit, Scopes.NodesDeploy]);
    viewer = await createSignedInUser(t.app, [Scopes.NodesView]);
  });
  afterAll(() => t.close());

  const node = { name: 'Remote one', publicHost: 'play.example.com', publicPort: 8080, privateHost: '10.0.0.5', privatePort: 8081, sftpPort: 5657 };
  const post = (payload: unknown, headers: Record<string, string> = editor.headers) => t.app.inject({ method: 'POST', url: '/api/nodes', headers, payload: payload as object });

  it('adds, lists, reads, changes and removes a node, never showing its secret', async () => {
    const created = await post(node);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, ...node, isLocal: false });
    const list = (await t.app.inject({ method: 'GET', url: '/api/nodes', headers: viewer.headers })).json();
    expect(list.map((n: { name: string }) => n.name)).toEqual(['LocalNode', 'Remote one']);
    expect(JSON.stringify(list)).not.toContain('secret');
    const put = await t.app.inject({ method: 'PUT', url: `/api/nodes/${id}`, headers: editor.headers, payload: { ...node, publicPort: 9090 } });
    expect(put.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).json().publicPort).toBe(9090);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/nodes/${id}`, headers: editor.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).statusCode).toBe(404);
  });

  it('refuses to delete a node that still holds a server with 409 ErrNodeHasServers, and keeps it', async () => {
    const { id } = (await post({ ...node, name: 'Busy one' })).json();
    await t.app.panel.repo.servers.insert({ id: 'b0b0b0b0', name: 'on busy', node_id: id, ip: '', port: null, type: 'generic', created_at: Date.now() });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/nodes/${id}`, headers: editor.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ reason: 'ErrNodeHasServers', metadata: { servers: 1 } });
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).statusCode).toBe(200);
  });

  it('answers the deployment information with the secret to holders of nodes.deploy', async () => {
    const local = (await t.app.panel.repo.nodes.local())!;
    const res = await t.app.inject({ method: 'GET', url: `/api/nodes/${local.id}/deployment`, headers: editor.headers });
    expect(res.json()).toMatchObject({ nodeId: local.id, secret: local.secret, panelUrl: expect.stringMatching(/^http/), sftpPort: local.sftp_port });
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${local.id}/deployment`, headers: viewer.headers })).statusCode).toBe(403);
  });

  it('refuses duplicate names with 409, bad hosts and ports with 400, and changes to the local node', async () => {
    expect((await post({ ...node, name: 'LocalNode' })).json().error.code).toBe('ErrDuplicateNodeName');
    expect((await post({ ...node, name: 'LocalNode' })).statusCode).toBe(409);
    expect((await post({ ...node, name: 'h', publicHost: 'not a host!' })).json().error.code).toBe('ErrFieldIsInvalidHost');
    for (const port of [{ privatePort: 70000 }, { publicPort: 0 }, { sftpPort: -1 }]) {
      const res = await post({ ...node, name: 'p', ...port });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'ErrFieldNotBetween', metadata: { field: Object.keys(port)[0], min: 1, max: 65535 } });
    }
    const same = await post({ ...node, name: 'q', sftpPort: node.privatePort });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({ code: 'ErrFieldEqual', metadata: { field1: 'sftpPort', field2: 'privatePort' } });
    expect((await post({ ...node, name: undefined })).json().error.code).toBe('ErrFieldRequired');
    const local = (await t.app.panel.repo.nodes.local())!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/nodes/${local.id}`, headers: editor.headers, payload: node })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/nodes/${local.id}`, headers: editor.headers })).statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 without the scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nodes' })).statusCode).toBe(401);
    const res = await post(node, viewer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ErrMissingScope');
  });
});
