import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Daemon } from '@outpost/daemon';
import { Scopes, scopesFromPermissions, type ServerPermissions } from '@outpost/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { startLocalNode, type LocalNode } from '../nodes/startLocalNode.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from './factories.js';

/** A test panel whose local node runs in-process in the test's temp folder, with a signed-in admin. */
export interface NodeTestApp extends TestApp {
  node: LocalNode;
  admin: TestUser;
  localNodeId: number;
}

export async function createNodeTestApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<NodeTestApp> {
  const t = await createTestApp(overrides);
  const node = await startLocalNode(t.app, { autostart: false, stopGraceMs: 2000, restartDelayMs: 100 });
  const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
  const localNodeId = (await t.app.panel.repo.nodes.local())!.id;
  return {
    ...t,
    node,
    admin,
    localNodeId,
    async close() {
      await node.stop();
      await t.close();
    },
  };
}

/** A plain node script as a server definition: prints a line, echoes stdin. */
export const echoDefinition = {
  type: 'test',
  run: { command: ['node', '-e', "console.log('ready');process.stdin.on('data',d=>process.stdout.write('echo:'+d))"], stopCode: 15 },
  data: { motd: { type: 'string', value: 'hi', userEdit: true }, secret: { type: 'string', value: 's', userEdit: false } },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
};

/** Creates a server as the admin from a whole definition; answers its id. */
export async function createTestServer(app: FastifyInstance, admin: TestUser, nodeId: number, name: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/servers', headers: admin.headers, payload: { name, node: nodeId, template: echoDefinition, environment: { type: 'standard' } } });
  if (res.statusCode !== 200) throw new Error(`creating ${name}: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** A signed-in user holding exactly the given flags on one server. */
export async function createServerUser(app: FastifyInstance, serverId: string, flags: Partial<ServerPermissions>): Promise<TestUser> {
  const user = await createSignedInUser(app, []);
  await app.panel.repo.permissions.replace(user.id, serverId, scopesFromPermissions(flags));
  return user;
}

/** A remote node for `app`: registered through the API, its daemon in-process behind HTTP on a loopback port, as `outpost daemon` serves it. */
export interface RemoteTestNode {
  nodeId: number;
  daemon: Daemon;
  /** Stops the daemon and its HTTP server and removes its folder. */
  close(): Promise<void>;
}

export async function startRemoteNode(app: FastifyInstance, admin: TestUser, name: string): Promise<RemoteTestNode> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-remote-node-'));
  // Under root each server runs as a user of its own, which must pass through to its folder.
  await chmod(dir, 0o711);
  const created = await app.inject({
    method: 'POST',
    url: '/api/nodes',
    headers: admin.headers,
    payload: { name, publicHost: '127.0.0.1', publicPort: 1, privateHost: '127.0.0.1', privatePort: 2, sftpPort: 3 },
  });
  if (created.statusCode !== 200) throw new Error(`adding the node answered ${created.statusCode} ${created.body}`);
  const nodeId = created.json().id as number;
  const secret = (await app.panel.repo.nodes.byId(nodeId))!.secret;
  const daemon = await Daemon.open({ nodeId: String(nodeId), secret, serversDir: join(dir, 'servers'), autostart: false, stopGraceMs: 2000 });
  const http = Fastify({ forceCloseConnections: true });
  await http.register(daemon.routes);
  await http.listen({ port: 0, host: '127.0.0.1' });
  await app.panel.repo.nodes.update(nodeId, { private_port: (http.server.address() as AddressInfo).port });
  return {
    nodeId,
    daemon,
    async close() {
      await daemon.close();
      await http.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
