import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

const Port = Type.Integer({ minimum: 1, maximum: 65535 });

export const NodeView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  publicHost: Type.String(),
  publicPort: Type.Integer(),
  privateHost: Type.String(),
  privatePort: Type.Integer(),
  sftpPort: Type.Integer(),
  isLocal: Type.Boolean(),
});

const NodeBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  publicHost: Text({ minLength: 1, maxLength: 255 }),
  publicPort: Port,
  privateHost: Text({ minLength: 1, maxLength: 255 }),
  privatePort: Port,
  sftpPort: Port,
});

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const listNodesSchema = { summary: 'Every node', tags: ['nodes'], response: responses({ 200: Type.Array(NodeView) }) };

export const createNodeSchema = { summary: 'Add a node; its secret is made here', tags: ['nodes'], body: NodeBody, response: responses({ 200: NodeView }) };

export const getNodeSchema = { summary: 'One node', tags: ['nodes'], params: IdParams, response: responses({ 200: NodeView }) };

export const updateNodeSchema = {
  summary: 'Change a node (not the local node: it follows the Master URL setting)',
  tags: ['nodes'],
  params: IdParams,
  body: NodeBody,
  response: responses({ 204: NoContent }),
};

export const deleteNodeSchema = {
  summary: 'Remove a node that holds no servers (not the local node)',
  tags: ['nodes'],
  params: IdParams,
  response: responses({ 204: NoContent }),
};

export const deploymentSchema = {
  summary: "What `outpost daemon` needs to run this node: its id, secret and addresses",
  tags: ['nodes'],
  params: IdParams,
  response: responses({
    200: Type.Object({
      nodeId: Type.Integer(),
      secret: Type.String(),
      panelUrl: Type.String(),
      publicHost: Type.String(),
      publicPort: Type.Integer(),
      privateHost: Type.String(),
      privatePort: Type.Integer(),
      sftpPort: Type.Integer(),
    }),
  }),
};
