import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { NodeActor } from '@outpost/shared';
import { signNodeToken } from '../auth/nodeToken.js';
import { HttpNodeClient } from '../client/HttpNodeClient.js';
import { NodeSessionsPool } from '../client/NodeSessions.js';
import { fakeDefinition, serveTestDaemon } from './testServer.js';

const id = 'ec40ec40';
let node: Awaited<ReturnType<typeof serveTestDaemon>>;

beforeAll(async () => {
  node = await serveTestDaemon();
  await node.daemon.servers.create(id, fakeDefinition());
  await node.daemon.servers.get(id).start();
});
afterAll(() => node.close());

function tokenFor(actor?: NodeActor): string {
  return signNodeToken('test-secret', { node: 'node-1', user: actor?.id ?? 'u0', server: id, scopes: [Scopes.ServersAdmin], ...(actor && { actor }), exp: Math.floor(Date.now() / 1000) + 60 });
}

/** A socket as the panel opens one for a user, and the console text it has been sent. */
async function watch(actor: NodeActor): Promise<{ ws: WebSocket; text: () => string }> {
  const ws = new WebSocket(`${node.url.replace('http', 'ws')}/daemon/socket/${id}?token=${tokenFor(actor)}`);
  let text = '';
  ws.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as { type: string; data: { logs?: string[] } };
    if (event.type === 'console') text += (event.data.logs ?? []).join('');
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, text: () => text };
}

const alice: NodeActor = { type: 'user', id: '1', name: 'alice' };
const bob: NodeActor = { type: 'user', id: '2', name: 'bob' };

describe('a command sent from the console is echoed for everyone watching (issue 35, item 5)', () => {
  it('shows both sockets the command marked as input, naming the sender, before the program answers', async () => {
    const sender = await watch(alice);
    const other = await watch(bob);
    try {
      sender.ws.send(JSON.stringify({ type: 'console', data: { command: 'echo hi there' } }));
      for (const { text } of [sender, other]) {
        await vi.waitFor(() => expect(text()).toContain('echo: hi there\n'));
        // The echo comes first, as typed, with alice's name on it: bob sees who sent it.
        expect(text()).toMatch(/\[INPUT alice\] echo hi there\n(.*\n)*echo: hi there\n/);
      }
      // It stays in the server's log: a later replay shows it too.
      expect(node.daemon.servers.get(id).console.replay().logs.join('')).toContain('[INPUT alice] echo hi there\n');
    } finally {
      sender.ws.close();
      other.ws.close();
    }
  });

  it('echoes a command sent over HTTP with the caller the panel names, and one without a name as bare input', async () => {
    const other = await watch(bob);
    try {
      const post = (token: string, command: string) =>
        fetch(`${node.url}/daemon/server/${id}/console`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ command }) });
      expect((await post(tokenFor({ type: 'client', id: 'c1', name: 'deploy bot' }), 'echo from api')).status).toBe(204);
      expect((await post(tokenFor(), 'echo anonymous')).status).toBe(204);
      await vi.waitFor(() => expect(other.text()).toContain('echo: anonymous\n'));
      expect(other.text()).toContain('[INPUT deploy bot] echo from api\n');
      expect(other.text()).toContain('[INPUT] echo anonymous\n');
    } finally {
      other.ws.close();
    }
  });

  it('names the sender on a remote node too, where the panel carries every socket as a session on one connection', async () => {
    const pool = new NodeSessionsPool();
    const client = new HttpNodeClient({ baseUrl: node.url, nodeId: 'node-1', secret: 'test-secret', sessions: pool });
    const sender = await client.connect({ user: '1', scopes: [Scopes.ServersAdmin], actor: alice }, id);
    const other = await client.connect({ user: '2', scopes: [Scopes.ServersAdmin], actor: bob }, id);
    let seen = '';
    other.onEvent((event) => {
      if (event.type === 'console') seen += event.data.logs.join('');
    });
    try {
      sender.send({ type: 'console', data: { command: 'echo via sessions' } });
      await vi.waitFor(() => expect(seen).toContain('echo: via sessions\n'));
      expect(seen).toContain('[INPUT alice] echo via sessions\n');
    } finally {
      sender.close();
      other.close();
    }
  });

  it('echoes nothing while the server is stopped, as the command goes nowhere', async () => {
    const server = node.daemon.servers.get(id);
    await server.stop();
    server.typeCommand('echo lost', 'alice');
    expect(server.console.replay().logs.join('')).not.toContain('echo lost');
    await server.start();
  });
});
