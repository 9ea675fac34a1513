import { signNodeToken } from '@outpost/daemon';
import { Scopes, scopesOf, serverActionScopes, type Scope, type ServerAction } from '@outpost/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { refuseSocketMessage } from './policy.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// A sample of server actions, each with its panel route and the daemon route it is forwarded to.
const samples: { action: ServerAction; panel: [Method, string]; daemon: [Method, string] }[] = [
  { action: 'start', panel: ['POST', '/proxy/daemon/server/ID/start'], daemon: ['POST', '/daemon/server/ID/start'] },
  { action: 'restart', panel: ['POST', '/proxy/daemon/server/ID/restart'], daemon: ['POST', '/daemon/server/ID/restart'] },
  { action: 'install', panel: ['POST', '/proxy/daemon/server/ID/install'], daemon: ['POST', '/daemon/server/ID/install'] },
  { action: 'stats', panel: ['GET', '/proxy/daemon/server/ID/stats'], daemon: ['GET', '/daemon/server/ID/stats'] },
  { action: 'consoleSend', panel: ['POST', '/proxy/daemon/server/ID/console'], daemon: ['POST', '/daemon/server/ID/console'] },
  { action: 'fileGet', panel: ['GET', '/proxy/daemon/server/ID/file/'], daemon: ['GET', '/daemon/server/ID/file/'] },
  { action: 'fileDelete', panel: ['DELETE', '/proxy/daemon/server/ID/file/keep.txt'], daemon: ['DELETE', '/daemon/server/ID/file/keep.txt'] },
  { action: 'dataEdit', panel: ['POST', '/proxy/daemon/server/ID/data'], daemon: ['POST', '/daemon/server/ID/data'] },
  { action: 'definitionView', panel: ['GET', '/proxy/daemon/server/ID/definition'], daemon: ['GET', '/daemon/server/ID/definition'] },
  { action: 'delete', panel: ['DELETE', '/api/servers/ID'], daemon: ['DELETE', '/daemon/server/ID'] },
];

// Every per-server scope but one: a user who may do everything else on the server.
const allBut = (lacking: Scope) => Object.values(Scopes).filter((s) => s.startsWith('server.') && s !== lacking);

describe('one table, both sides', () => {
  let t: NodeTestApp;
  let id: string;
  let daemonApp: FastifyInstance;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'policy test');
    await t.app.inject({ method: 'PUT', url: `/proxy/daemon/server/${id}/file/keep.txt?folder`, headers: t.admin.headers });
    // The local node's daemon, reached as a remote panel would: HTTP with a node token.
    daemonApp = Fastify();
    await daemonApp.register(t.node.daemon.routes);
  });
  afterAll(async () => {
    await daemonApp.close();
    await t.close();
  });

  const nodeToken = (scopes: string[]) =>
    signNodeToken(t.node.daemon.config.secret, { node: t.node.daemon.config.nodeId, user: 'u', server: id, scopes, exp: Math.floor(Date.now() / 1000) + 60 });

  it('refuses a user lacking the table\'s scope on the panel route, and a token lacking it on the daemon', async () => {
    for (const { action, panel, daemon } of samples) {
      // The scope the user lacks: for delete (any of), server.delete, with no servers.delete panel-wide.
      const need = serverActionScopes[action];
      const lacking = typeof need === 'object' && 'anyOf' in need ? need.anyOf[0] : scopesOf(need).at(-1)!;
      const user = await createSignedInUser(t.app);
      await t.app.panel.repo.permissions.replace(user.id, id, allBut(lacking));
      const payload = panel[0] === 'POST' ? (action === 'dataEdit' ? { data: { motd: 'x' } } : action === 'consoleSend' ? { command: 'x' } : {}) : undefined;

      const viaPanel = await t.app.inject({ method: panel[0], url: panel[1].replace('ID', id), headers: user.headers, payload });
      expect(viaPanel.statusCode, `${action} on the panel`).toBe(403);
      expect(viaPanel.json().error, `${action} on the panel`).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: lacking } });

      const viaDaemon = await daemonApp.inject({ method: daemon[0], url: daemon[1].replace('ID', id), headers: { authorization: `Bearer ${nodeToken(allBut(lacking))}` }, payload });
      expect(viaDaemon.statusCode, `${action} on the daemon`).toBe(403);
      expect(viaDaemon.json().error, `${action} on the daemon`).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: lacking } });
    }
    // Nothing was done on the server's behalf.
    const state = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/status`, headers: t.admin.headers });
    expect(state.json()).toEqual({ running: false, installing: false });
    const listing = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/file/`, headers: t.admin.headers });
    expect(listing.json().map((f: { name: string }) => f.name)).toContain('keep.txt');
  });

  it('lets a holder of servers.edit.admin read the definition on both sides, without the node token carrying admin', async () => {
    const editor = await createSignedInUser(t.app, [Scopes.ServersEditAdmin]);
    const viaPanel = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/definition`, headers: editor.headers });
    expect(viaPanel.statusCode).toBe(200);
    const viaDaemon = await daemonApp.inject({ method: 'GET', url: `/daemon/server/${id}/definition`, headers: { authorization: `Bearer ${nodeToken([Scopes.ServersEditAdmin])}` } });
    expect(viaDaemon.statusCode).toBe(200);
    // ...and nothing else on the server: the node would refuse a start with the same token.
    const start = await daemonApp.inject({ method: 'POST', url: `/daemon/server/${id}/start`, headers: { authorization: `Bearer ${nodeToken([Scopes.ServersEditAdmin])}` } });
    expect(start.json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServerStart } });
  });

  it('checks live-connection messages against the same table, and knows no others', () => {
    expect(refuseSocketMessage(allBut(Scopes.ServerStart), { type: 'restart' })).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServerStart } });
    // Without stop a restart passes here: only the node knows whether it would stop a running program (restart.test.ts).
    expect(refuseSocketMessage(allBut(Scopes.ServerStop), { type: 'restart' })).toBeUndefined();
    expect(refuseSocketMessage(allBut(Scopes.ServerFilesPut), { type: 'file', action: 'delete', path: 'x' })).toMatchObject({ metadata: { scope: Scopes.ServerFilesPut } });
    expect(refuseSocketMessage(allBut(Scopes.ServerFilesPut), { type: 'file', data: { action: 'get' } })).toBeUndefined();
    expect(refuseSocketMessage([Scopes.ServersAdmin], { type: 'explode' })).toMatchObject({ code: 'ErrFieldRequired' });
  });
});
