import { randomBytes } from 'node:crypto';
import { OutpostError, Scopes, SettingKeys, type NodeCaller, type NodeDeployment, type NodeRequest } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { backupStorageOf, backupsColumn, type NodeRow } from '../../db/nodes.js';
import type { Repositories } from '../../db/repositories.js';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { assertBetween } from '../../services/assertBetween.js';
import { assertHost } from '../../services/assertHost.js';
import { readSetting } from '../../services/panelSettings.js';
import { presentNode } from '../../services/presenters/presentNode.js';
import { pushNodeSecret } from '../../services/pushNodeSecret.js';
import { completeStorage, storageChange } from './nodeBackupStorage.js';
import { storageSchemaError } from './storageSchemaError.js';
import { createNodeSchema, deleteNodeSchema, deploymentSchema, getNodeSchema, listNodesSchema, rotateSecretSchema, testBackupStorageSchema, updateNodeSchema } from './schema.js';

const duplicate = (name: string) => new OutpostError('ErrDuplicateNodeName', 'A node with this name already exists', { name });

/** A fresh node secret: 32 random bytes, url-safe. */
const newSecret = () => randomBytes(32).toString('base64url');

function columnsOf(body: NodeRequest) {
  assertHost(body.publicHost, 'publicHost');
  // The private address is optional: without a host the panel dials the public one, without a
  // port the daemon listens on the public port.
  const privateHost = body.privateHost?.trim() ?? '';
  if (privateHost) assertHost(privateHost, 'privateHost');
  const privatePort = body.privatePort ?? body.publicPort;
  const ports = { publicPort: body.publicPort, privatePort, sftpPort: body.sftpPort };
  for (const field of ['publicPort', 'privatePort', 'sftpPort'] as const) assertBetween(ports[field], 1, 65535, field);
  // The daemon and its SFTP server listen on the same machine: one port cannot serve both.
  if (body.sftpPort === privatePort) {
    const other = body.privatePort === undefined ? 'publicPort' : 'privatePort';
    throw new OutpostError('ErrFieldEqual', `sftpPort cannot equal ${other}`, { field: 'sftpPort', field1: 'sftpPort', field2: other });
  }
  return {
    name: body.name.trim(),
    public_host: body.publicHost,
    public_port: body.publicPort,
    private_host: privateHost,
    private_port: privatePort,
    sftp_port: body.sftpPort,
  };
}

async function existing(repo: Repositories, id: number) {
  const node = await repo.nodes.byId(id);
  if (!node) throw new OutpostError('ErrNotFound', `no node ${id}`, { node: id }, 404);
  return node;
}

const localIsFixed = () => new OutpostError('ErrNoPermission', 'the local node follows the Master URL setting and cannot be changed here', undefined, 403);

function refuseLocal(node: { is_local: number }): void {
  if (node.is_local) throw localIsFixed();
}

/** The local node takes a PUT that changes only its backup storage: the rest must be sent as it is. */
function refuseLocalChange(node: NodeRow, columns: ReturnType<typeof columnsOf>): void {
  if (!node.is_local) return;
  const same = (Object.keys(columns) as (keyof typeof columns)[]).every((key) => String(columns[key]) === String(node[key]));
  if (!same) throw localIsFixed();
}

/** The signed-in caller as a node sees them. */
const callerOf = (request: FastifyRequest): NodeCaller => ({ user: String(request.session!.userId), scopes: request.session!.scopes });

/** The node's daemon.json: what `outpost daemon` reads (cli/src/daemon.ts). */
async function deploymentOf(repo: Repositories, node: NodeRow): Promise<NodeDeployment> {
  return {
    nodeId: node.id,
    secret: node.secret,
    panelUrl: await readSetting(repo, SettingKeys.masterUrl),
    publicHost: node.public_host,
    publicPort: Number(node.public_port),
    privateHost: node.private_host,
    privatePort: Number(node.private_port),
    sftpPort: Number(node.sftp_port),
  };
}

/** /api/nodes: the machines servers run on. */
export default async function nodesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, nodes, nodeHealth } = app.panel;

  const view = async (node: NodeRow) => presentNode(node, nodeHealth.stateOf(node.id), await repo.servers.countOnNode(node.id));

  r.get('/api/nodes', { schema: listNodesSchema, config: { scope: Scopes.NodesView } }, async () => {
    const counts = await repo.servers.countByNode();
    return (await repo.nodes.list()).map((node) => presentNode(node, nodeHealth.stateOf(node.id), counts.get(node.id) ?? 0));
  });

  r.post('/api/nodes', { schema: createNodeSchema, config: { scope: Scopes.NodesEdit }, schemaErrorFormatter: storageSchemaError }, async (request) => {
    const columns = columnsOf(request.body);
    if ((await repo.nodes.list()).some((n) => n.name === columns.name)) throw duplicate(columns.name);
    // The storage is pushed to the daemon, which keeps it; a node being added has no daemon yet
    // (its secret is made here), so only local storage, which every daemon starts with, is taken.
    if (storageChange(request.session!.scopes, { backups: null }, request.body.backups)) {
      throw new OutpostError('ErrNodeUnreachable', "the node's daemon is not running yet: set its backup storage once it is online", { field: 'backups' }, 502);
    }
    let id: number;
    try {
      id = await repo.nodes.insert({ ...columns, secret: newSecret(), is_local: 0 });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate(columns.name) : error;
    }
    const created = (await repo.nodes.byId(id))!;
    void nodeHealth.check(created);
    return view(created);
  });

  r.get('/api/nodes/:id', { schema: getNodeSchema, config: { scope: Scopes.NodesView } }, async (request) => view(await existing(repo, request.params.id)));

  r.put('/api/nodes/:id', { schema: updateNodeSchema, config: { scope: Scopes.NodesEdit }, schemaErrorFormatter: storageSchemaError }, async (request, reply) => {
    const node = await existing(repo, request.params.id);
    const columns = columnsOf(request.body);
    refuseLocalChange(node, columns);
    if ((await repo.nodes.list()).some((n) => n.name === columns.name && n.id !== request.params.id)) throw duplicate(columns.name);
    const backups = storageChange(request.session!.scopes, node, request.body.backups);
    // The daemon takes the storage first, at the address being saved: one it cannot reach, or that
    // refuses, answers its error and nothing is saved, so the page never shows what the node does not use.
    if (backups) await nodes.forRow({ ...node, ...columns }).setBackupStorage(callerOf(request), backups);
    try {
      await repo.nodes.update(request.params.id, { ...columns, ...(backups ? { backups: backupsColumn(backups) } : {}) });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicate(columns.name) : error;
    }
    // The address may have changed: say at once whether the node answers there.
    void nodeHealth.check((await repo.nodes.byId(request.params.id))!);
    return reply.code(204).send(null);
  });

  r.delete('/api/nodes/:id', { schema: deleteNodeSchema, config: { scope: Scopes.NodesEdit } }, async (request, reply) => {
    refuseLocal(await existing(repo, request.params.id));
    const servers = await repo.servers.countOnNode(request.params.id);
    if (servers > 0) throw new OutpostError('ErrNodeHasServers', `the node still holds ${servers} servers; delete or move them first`, { servers });
    await repo.nodes.delete(request.params.id);
    nodeHealth.forget(request.params.id);
    return reply.code(204).send(null);
  });

  r.get('/api/nodes/:id/deployment', { schema: deploymentSchema, config: { scope: Scopes.NodesDeploy } }, async (request) => deploymentOf(repo, await existing(repo, request.params.id)));

  r.post('/api/nodes/:id/secret', { schema: rotateSecretSchema, config: { scope: Scopes.NodesDeploy } }, async (request) => {
    const node = await existing(repo, request.params.id);
    // The local node's daemon lives in this process and is never reached with a token.
    refuseLocal(node);
    const secret = newSecret();
    const pushed = await pushNodeSecret(nodes.forRow(node), callerOf(request), secret);
    await repo.nodes.update(node.id, { secret });
    const rotated = (await repo.nodes.byId(node.id))!;
    void nodeHealth.check(rotated);
    return { deployment: await deploymentOf(repo, rotated), pushed };
  });

  // Asks the node to reach a storage: the one given (its secret kept from the saved one when left
  // empty), or the one it holds, whose answer the node keeps and the page shows from then on. ok
  // false with the storage's error, which is no fault of the request. No body is as `{}`.
  const noBodyIsEmpty = async (request: FastifyRequest) => void (request.body ??= {});
  r.post('/api/nodes/:id/backups/test', { schema: testBackupStorageSchema, config: { scope: Scopes.ServersAdmin }, preValidation: noBodyIsEmpty, schemaErrorFormatter: storageSchemaError }, async (request) => {
    const node = await existing(repo, request.params.id);
    const given = request.body.backups;
    const client = nodes.forRow(node);
    if (given) return client.testBackupStorage(callerOf(request), completeStorage(given, backupStorageOf(node)));
    const state = await client.testBackupStorage(callerOf(request));
    await nodeHealth.check(node);
    return state;
  });
}
