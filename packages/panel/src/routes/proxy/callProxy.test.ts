import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemonRoutes, HttpNodeClient, NodeApi, signNodeToken } from '@outpost/daemon';
import { nodeCalls, responses, Scopes, ServerParams, serverActionScopes as need } from '@outpost/shared';
import type { NodeCall, NodeCaller, NodeClient } from '@outpost/shared';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { callProxyRoutes } from './callProxy.js';

// A node call that does not exist, added as a newcomer would: one row of the call table and its
// NodeApi method. Nothing else is written for it, yet it is served in-process, by the daemon over
// HTTP and by the panel, each refusing a caller without the row's scope.
const key = 'POST /daemon/server/:id/notes';
const noteCall = {
  [key]: {
    call: 'addNote' as keyof NodeClient,
    action: 'consoleSend',
    args: ['id', 'body.text'],
    params: ServerParams,
    body: Type.Object({ text: Type.String({ maxLength: 100 }) }),
    answer: 'count',
    response: responses({ 200: Type.Object({ count: Type.Integer() }) }),
    proxy: { summary: 'Leave a note on a server' },
  },
} satisfies Record<string, NodeCall>;

class NoteApi extends NodeApi {
  readonly notes: string[] = [];
  /** Off, the method trusts its caller: a refusal is then the route's own check of the row's action. */
  checks = true;

  /** Keeps a note; answers how many there are. */
  async addNote(caller: NodeCaller, id: string, text: string): Promise<number> {
    if (this.checks) this.server(caller, id, need.consoleSend);
    if (text === 'fault') throw new Error('the notebook caught fire');
    this.notes.push(text);
    return this.notes.length;
  }
}

const refusal = { code: 'ErrMissingScope', status: 403, metadata: { scope: Scopes.ServerConsoleSend } };

describe('a node call added as one row of the call table', () => {
  let t: NodeTestApp;
  let api: NoteApi;
  let id: string;
  let viewer: NodeCaller;
  let sender: NodeCaller;
  let daemonUrl: string;
  let panelUrl: string;
  let writer: TestUser;
  const remote = Fastify({ forceCloseConnections: true });

  beforeAll(async () => {
    t = await createNodeTestApp();
    // The panel's local node answers through the API with the new method; its proxy gets the row.
    api = new NoteApi(t.node.daemon);
    t.app.panel.nodes.attachLocal(api);
    await t.app.register(callProxyRoutes(noteCall));
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'notes');
    viewer = { user: 'viewer', scopes: [Scopes.ServerView, Scopes.ServerConsole] };
    sender = { user: 'sender', scopes: [Scopes.ServerView, Scopes.ServerConsole, Scopes.ServerConsoleSend] };
  });
  afterAll(async () => {
    await remote.close();
    await t.close();
  });

  it('is served in-process by NodeApi, which checks its scope', async () => {
    await expect(api.addNote(viewer, id, 'refused')).rejects.toMatchObject(refusal);
    expect(await api.addNote(sender, id, 'local')).toBe(1);
  });

  it('is served by the daemon on loopback and called by HttpNodeClient, whose route checks the row\'s scope', async () => {
    api.checks = false;
    const { config } = t.node.daemon;
    await remote.register((app) => daemonRoutes(app, { api, config }, { ...nodeCalls, ...noteCall }));
    daemonUrl = await remote.listen({ port: 0, host: '127.0.0.1' });
    const client = new HttpNodeClient({ baseUrl: daemonUrl, nodeId: config.nodeId, secret: config.secret });
    await expect(client.callNode(key, noteCall[key], viewer, [id, 'refused'])).rejects.toMatchObject(refusal);
    expect(await client.callNode(key, noteCall[key], sender, [id, 'remote'])).toBe(2);
  });

  it('is served by the panel at /proxy/daemon/server/{id}/notes, refused without server.console.send', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    panelUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/proxy/daemon/server/${id}/notes`;
    const post = (headers: Record<string, string>) =>
      fetch(panelUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'panel' }) });

    const reader = await createServerUser(t.app, id, { viewServerConsole: true });
    const refused = await post(reader.headers);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServerConsoleSend } });

    writer = await createServerUser(t.app, id, { viewServerConsole: true, sendServerConsole: true });
    const answered = await post(writer.headers);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ count: 3 });
    // Every refusal changed nothing.
    expect(api.notes).toEqual(['local', 'remote', 'panel']);
  });

  // Issue 28, item 6: one error reply for panel and daemon, so a fault reads the same from either.
  it('answers a fault with the same 500 ErrGeneric naming the request, from the daemon and from the panel', async () => {
    const { config } = t.node.daemon;
    const token = signNodeToken(config.secret, { node: config.nodeId, user: 'sender', server: id, scopes: sender.scopes, exp: Math.floor(Date.now() / 1000) + 60 });
    const body = JSON.stringify({ text: 'fault' });
    const fromDaemon = await fetch(`${daemonUrl}/daemon/server/${id}/notes`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    const fromPanel = await fetch(panelUrl, { method: 'POST', headers: { ...writer.headers, 'content-type': 'application/json' }, body });
    for (const answer of [fromDaemon, fromPanel]) {
      expect(answer.status).toBe(500);
      expect((await answer.json()).error).toMatchObject({ code: 'ErrGeneric', msg: expect.stringMatching(/^internal error \(request .+\)$/), metadata: { requestId: expect.any(String) } });
    }
    expect(api.notes).toEqual(['local', 'remote', 'panel']);
  });
});
