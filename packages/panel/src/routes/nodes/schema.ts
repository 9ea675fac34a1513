import { Type } from 'typebox';
import { BackupStorage, BackupStorageState, NoContent, NodeDeployment, NodeParams, NodeRequest, NodeView, SecretRotation, responses } from '@outpost/shared';

export const listNodesSchema = { summary: 'Every node', tags: ['nodes'], response: responses({ 200: Type.Array(NodeView) }) };

export const createNodeSchema = { summary: 'Add a node; its secret is made here', tags: ['nodes'], body: NodeRequest, response: responses({ 200: NodeView }) };

export const getNodeSchema = { summary: 'One node', tags: ['nodes'], params: NodeParams, response: responses({ 200: NodeView }) };

export const updateNodeSchema = {
  summary: 'Change a node (of the local node only its backups: the rest follows the Master URL setting); changing backups needs servers.admin',
  tags: ['nodes'],
  params: NodeParams,
  body: NodeRequest,
  response: responses({ 204: NoContent }),
};

export const deleteNodeSchema = {
  summary: 'Remove a node that holds no servers (not the local node)',
  tags: ['nodes'],
  params: NodeParams,
  response: responses({ 204: NoContent }),
};

export const deploymentSchema = {
  summary: "What `outpost daemon` needs to run this node: its id, secret and addresses",
  tags: ['nodes'],
  params: NodeParams,
  response: responses({ 200: NodeDeployment }),
};

export const rotateSecretSchema = {
  summary: "Give a node a new secret; its daemon is told over the old one, which it refuses from then on",
  tags: ['nodes'],
  params: NodeParams,
  response: responses({ 200: SecretRotation }),
};

/** POST /api/nodes/{id}/backups/test body: a storage to try, or none for the saved one. */
export const BackupStorageTestRequest = Type.Object({ backups: Type.Optional(BackupStorage) });

export const testBackupStorageSchema = {
  summary: "Ask the node whether it can reach a backup storage {backups?} (the saved one when left out; an empty secret keeps the saved one)",
  tags: ['nodes'],
  params: NodeParams,
  body: BackupStorageTestRequest,
  response: responses({ 200: BackupStorageState }),
};
