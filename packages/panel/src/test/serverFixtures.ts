import { Scopes, scopesFromPermissions, type ServerPermissions } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
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
