import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Daemon } from '@outpost/daemon';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createSignedInUser, type TestApp, type TestUser } from '../test/factories.js';
import { echoDefinition } from '../test/serverFixtures.js';
import { Scopes } from '@outpost/shared';

describe('servers on a remote node, through HTTP with the node secret', () => {
  let t: TestApp;
  let admin: TestUser;
  let daemon: Daemon;
  let daemonApp: FastifyInstance;
  let dir: string;
  let nodeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    dir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
    nodeId = await t.app.panel.repo.nodes.insert({ name: 'remote', public_host: 'remote.example.com', public_port: 1, private_host: '127.0.0.1', private_port: 1, sftp_port: 5657, secret: 'remote-secret', is_local: 0 });
    daemon = await Daemon.open({ nodeId: String(nodeId), secret: 'remote-secret', serversDir: dir, autostart: false, stopGraceMs: 2000 });
    daemonApp = Fastify();
    await daemonApp.register(daemon.routes);
    await daemonApp.listen({ port: 0, host: '127.0.0.1' });
    await t.app.panel.repo.nodes.update(nodeId, { private_port: (daemonApp.server.address() as AddressInfo).port });
  });
  afterAll(async () => {
    await daemon.close();
    await daemonApp.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates, queries and deletes a server on the remote daemon', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/servers', headers: admin.headers, payload: { name: 'far away', node: nodeId, template: echoDefinition, environment: { type: 'standard' } } });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(daemon.servers.get(id).definition.name).toBe('far away');
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: admin.headers })).json()).toEqual({ running: false, installing: false });
    expect((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/data`, headers: admin.headers })).json().data.motd.value).toBe('hi');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}`, headers: admin.headers })).statusCode).toBe(204);
    expect(() => daemon.servers.get(id)).toThrow();
  });

  it('answers 502 ErrNodeUnreachable when the node does not answer, and keeps no row', async () => {
    await t.app.panel.repo.nodes.update(nodeId, { private_port: 1 });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/servers', headers: admin.headers, payload: { name: 'unreachable', node: nodeId, template: echoDefinition, environment: { type: 'standard' } } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.reason).toBe('ErrNodeUnreachable');
      expect(await t.app.panel.repo.servers.byName('unreachable')).toBeUndefined();
    } finally {
      await t.app.panel.repo.nodes.update(nodeId, { private_port: (daemonApp.server.address() as AddressInfo).port });
    }
  });
});
