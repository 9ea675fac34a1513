import { Type, type Static } from 'typebox';
import { Text } from './common.js';

// The range is checked by the route, so that a port outside it answers the spec's "between" rule.
const Port = Type.Integer({ description: 'a port from 1 to 65535' });

/** GET /api/nodes rows and GET /api/nodes/{id}. */
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
export type NodeView = Static<typeof NodeView>;

/** POST /api/nodes and PUT /api/nodes/{id} body. */
export const NodeRequest = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  publicHost: Text({ minLength: 1, maxLength: 255 }),
  publicPort: Port,
  privateHost: Text({ minLength: 1, maxLength: 255 }),
  privatePort: Port,
  sftpPort: Port,
});

/** `{id}` of /api/nodes/{id}. */
export const NodeParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** GET /api/nodes/{id}/deployment: what `outpost daemon` needs to run the node. */
export const NodeDeployment = Type.Object({
  nodeId: Type.Integer(),
  secret: Type.String(),
  panelUrl: Type.String(),
  publicHost: Type.String(),
  publicPort: Type.Integer(),
  privateHost: Type.String(),
  privatePort: Type.Integer(),
  sftpPort: Type.Integer(),
});
