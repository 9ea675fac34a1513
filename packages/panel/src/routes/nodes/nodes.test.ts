import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Daemon, signNodeToken } from '@outpost/daemon';
import { Scopes } from '@outpost/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  // Loopback addresses on ports nothing listens at: the panel's health check dials every node it knows.
  const node = { name: 'Remote one', publicHost: '127.0.0.4', publicPort: 39080, privateHost: '127.0.0.5', privatePort: 39081, sftpPort: 5657 };
  const post = (payload: unknown, headers: Record<string, string> = editor.headers) => t.app.inject({ method: 'POST', url: '/api/nodes', headers, payload: payload as object });

  it('adds, lists, reads, changes and removes a node, never showing its secret', async () => {
    const created = await post(node);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, ...node, isLocal: false, online: false, version: null, servers: 0, backups: { type: 'local' }, backupStorage: null });
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
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).json()).toMatchObject({ name: 'Busy one', servers: 1 });
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

  it('takes a node without a private address: the panel dials the public one, the daemon listens on the public port', async () => {
    const { publicHost, publicPort, sftpPort } = node;
    const created = await post({ name: 'Public only', publicHost, publicPort, sftpPort });
    expect(created.json()).toMatchObject({ privateHost: '', privatePort: publicPort });
    const deployment = (await t.app.inject({ method: 'GET', url: `/api/nodes/${created.json().id}/deployment`, headers: editor.headers })).json();
    expect(deployment).toMatchObject({ privateHost: '', privatePort: publicPort, publicHost });
    const clash = await post({ name: 'Clash', publicHost, publicPort, sftpPort: publicPort });
    expect(clash.json().error).toMatchObject({ code: 'ErrFieldEqual', metadata: { field2: 'publicPort' } });
  });

  it('rotates a remote node\'s secret: the daemon takes it over the old one, refuses the old one, and the node stays online', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpost-rotate-'));
    const http = Fastify({ forceCloseConnections: true });
    let daemon: Daemon | undefined;
    try {
      const saved: string[] = [];
      const { id } = (await post({ ...node, name: 'Rotating', privateHost: '127.0.0.1', privatePort: 1, sftpPort: 2 })).json() as { id: number };
      const { secret } = (await t.app.panel.repo.nodes.byId(id))!;
      daemon = await Daemon.open({ nodeId: String(id), secret, serversDir: dir, autostart: false, saveSecret: async (s) => void saved.push(s) });
      await http.register(daemon.routes);
      await http.listen({ port: 0, host: '127.0.0.1' });
      const port = (http.server.address() as { port: number }).port;
      await t.app.panel.repo.nodes.update(id, { private_port: port });
      await t.app.panel.nodeHealth.checkAll();
      expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).json()).toMatchObject({ online: true, version: expect.any(String) });

      expect((await t.app.inject({ method: 'POST', url: `/api/nodes/${id}/secret`, headers: viewer.headers })).statusCode).toBe(403);
      const rotated = await t.app.inject({ method: 'POST', url: `/api/nodes/${id}/secret`, headers: editor.headers });
      expect(rotated.statusCode).toBe(200);
      const { deployment, pushed } = rotated.json();
      expect(pushed).toBe(true);
      expect(deployment).toMatchObject({ nodeId: id, privatePort: port });
      expect(deployment.secret).not.toBe(secret);
      expect(saved).toEqual([deployment.secret]);
      expect(daemon.config.secret).toBe(deployment.secret);
      // The old secret is refused at once: a token signed with it gets 401 from the daemon itself.
      const old = signNodeToken(secret, { node: String(id), user: 'x', server: '', scopes: [], exp: Math.floor(Date.now() / 1000) + 60 });
      expect((await fetch(`http://127.0.0.1:${port}/daemon/node`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
      await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${id}`, headers: viewer.headers })).json().online).toBe(true));

      // A node that is down cannot be told: the secret changes all the same, and the screen says so.
      await http.close();
      const offline = (await t.app.inject({ method: 'POST', url: `/api/nodes/${id}/secret`, headers: editor.headers })).json();
      expect(offline.pushed).toBe(false);
      expect(offline.deployment.secret).not.toBe(deployment.secret);
      expect(daemon.config.secret).toBe(deployment.secret);
      const local = (await t.app.panel.repo.nodes.local())!;
      expect((await t.app.inject({ method: 'POST', url: `/api/nodes/${local.id}/secret`, headers: editor.headers })).statusCode).toBe(403);
    } finally {
      await http.close();
      await daemon?.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 401 without a session and 403 without the scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nodes' })).statusCode).toBe(401);
    const res = await post(node, viewer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ErrMissingScope');
  });
});
