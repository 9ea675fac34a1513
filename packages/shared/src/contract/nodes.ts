import { Type, type Static } from 'typebox';
import { BackupStorage, BackupStorageState } from './backups.js';
import { Text } from './common.js';
import { LimitEnforcement } from './limits.js';

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
  /** From the panel's background health check: whether the node's daemon answered its last check. */
  online: Type.Boolean(),
  /** The daemon's version as it last answered; null before it ever has. */
  version: Type.Union([Type.String(), Type.Null()]),
  /** How many servers live on the node. */
  servers: Type.Integer(),
  /** Where the node keeps backups (the S3 secret answered empty, with isSet). */
  backups: BackupStorage,
  /** The node's last word on its backup storage, from the health check; null before it has said. */
  backupStorage: Type.Union([BackupStorageState, Type.Null()]),
  /** What the node can enforce of servers' limits, from the health check; absent before the node has said. */
  limits: Type.Optional(LimitEnforcement),
});
export type NodeView = Static<typeof NodeView>;

/**
 * POST /api/nodes and PUT /api/nodes/{id} body. The private address (what the panel dials, and
 * where the daemon listens) is optional: without it the panel uses the public one.
 */
export const NodeRequest = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  publicHost: Text({ minLength: 1, maxLength: 255 }),
  publicPort: Port,
  privateHost: Type.Optional(Text({ maxLength: 255 })),
  privatePort: Type.Optional(Port),
  sftpPort: Port,
  /** Where the node keeps backups; left out: unchanged (local for a new node). Changing it needs servers.admin. */
  backups: Type.Optional(BackupStorage),
});
export type NodeRequest = Static<typeof NodeRequest>;

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
export type NodeDeployment = Static<typeof NodeDeployment>;

/** POST /api/nodes/{id}/secret: the node's new deployment, and whether its daemon took the new secret already. */
export const SecretRotation = Type.Object({
  deployment: NodeDeployment,
  /** False when the node could not be told: its daemon must be given the new daemon.json by hand. */
  pushed: Type.Boolean(),
});
export type SecretRotation = Static<typeof SecretRotation>;

/**
 * GET /daemon/node: what a daemon says about itself (the panel's health check): its version, how
 * its backup storage last answered, and its open SFTP sessions when it serves SFTP.
 */
export const NodeInfo = Type.Object({
  version: Type.String(),
  backups: Type.Optional(BackupStorageState),
  limits: Type.Optional(LimitEnforcement),
  sftpSessions: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type NodeInfo = Static<typeof NodeInfo>;

/** PUT /daemon/secret: the node's new secret, sent with a token signed by the old one. */
export const NodeSecretRequest = Type.Object({ secret: Type.String({ minLength: 32, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) });
