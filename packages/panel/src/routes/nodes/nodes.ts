import { randomBytes } from 'node:crypto';
import { OutpostError, Scopes, SettingKeys } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Repositories } from '../../db/repositories.js';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { assertBetween } from '../../services/assertBetween.js';
import { assertHost } from '../../services/assertHost.js';
import { readSetting } from '../../services/panelSettings.js';
import { presentNode } from '../../services/presentNode.js';
import { createNodeSchema, deleteNodeSchema, deploymentSchema, getNodeSchema, listNodesSchema, updateNodeSchema } from './schema.js';

interface NodeBody {
  name: string;
  publicHost: string;
  publicPort: number;
  privateHost: string;
  privatePort: number;
  sftpPort: number;
}

const duplicate = (name: string) => new OutpostError('ErrDuplicateNodeName', 'A node with this name already exists', { name });

function columnsOf(body: NodeBody) {
  assertHost(body.publicHost, 'publicHost');
  assertHost(body.privateHost, 'privateHost');
  for (const field of ['publicPort', 'privatePort', 'sftpPort'] as const) assertBetween(body[field], 1, 65535, field);
  // The daemon and its SFTP server listen on the same machine: one port cannot serve both.
  if (body.sftpPort === body.privatePort) {
    throw new OutpostError('ErrFieldEqual', 'sftpPort cannot equal privatePort', { field: 'sftpPort', field1: 'sftpPort', field2: 'privatePort' });
  }
  return {
    name: body.name.trim(),
    public_host: body.publicHost,
    public_port: body.publicPort,
    private_host: body.privateHost,
    private_port: body.privatePort,
    sftp_port: body.sftpPort,
  };
}

async function existing(repo: Repositories, id: number) {
  const node = await repo.nodes.byId(id);
  if (!node) throw new OutpostError('ErrNotFound', `no node ${id}`, { node: id }, 404);
  return node;
}

function refuseLocal(node: { is_local: number }): void {
  if (node.is_local) throw new OutpostError('ErrNoPermission', 'the local node follows the Master URL setting and cannot be changed here', undefined, 403);
}

/** /api/nodes: the machines servers run on. */
export default async function nodesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  r.get('/api/nodes', { schema: listNodesSchema, config: { scope: Scopes.NodesView } }, async () => (await repo.nodes.list()).map(presentNode));

  r.post('/api/nodes', { schema: createNodeSchema, config: { scope: Scopes.NodesEdit } }, async (request) => {
    const columns = columnsOf(request.body);
    if ((await repo.nodes.list()).some((n) => n.name === columns.name)) throw duplicate(columns.name);
    try {
      const id = await repo.nodes.insert({ ...columns, secret: randomBytes(32).toString('base64url'), is_local: 0 });
      return presentNode((await repo.nodes.byId(id))!);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate(columns.name) : error;
    }
  });

  r.get('/api/nodes/:id', { schema: getNodeSchema, config: { scope: Scopes.NodesView } }, async (request) => presentNode(await existing(repo, request.params.id)));

  r.put('/api/nodes/:id', { schema: updateNodeSchema, config: { scope: Scopes.NodesEdit } }, async (request, reply) => {
    refuseLocal(await existing(repo, request.params.id));
    const columns = columnsOf(request.body);
    if ((await repo.nodes.list()).some((n) => n.name === columns.name && n.id !== request.params.id)) throw duplicate(columns.name);
    try {
      await repo.nodes.update(request.params.id, columns);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate(columns.name) : error;
    }
    return reply.code(204).send(null);
  });

  r.delete('/api/nodes/:id', { schema: deleteNodeSchema, config: { scope: Scopes.NodesEdit } }, async (request, reply) => {
    refuseLocal(await existing(repo, request.params.id));
    const servers = await repo.servers.countOnNode(request.params.id);
    if (servers > 0) throw new OutpostError('ErrNodeHasServers', `the node still holds ${servers} servers; delete or move them first`, { servers });
    await repo.nodes.delete(request.params.id);
    return reply.code(204).send(null);
  });

  r.get('/api/nodes/:id/deployment', { schema: deploymentSchema, config: { scope: Scopes.NodesDeploy } }, async (request) => {
    const node = await existing(repo, request.params.id);
    const view = presentNode(node);
    return {
      nodeId: node.id,
      secret: node.secret,
      panelUrl: await readSetting(repo, SettingKeys.masterUrl),
      publicHost: view.publicHost,
      publicPort: view.publicPort,
      privateHost: view.privateHost,
      privatePort: view.privatePort,
      sftpPort: view.sftpPort,
    };
  });
}
