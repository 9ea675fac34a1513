import { presentBackupStorage, type NodeView } from '@outpost/shared';
import { backupStorageOf, type NodeRow } from '../../db/nodes.js';
import type { NodeState } from '../../nodes/NodeHealth.js';

/** A node row as the API shows it, with its health and server count: never a secret (the S3 one answered empty, with isSet). */
export function presentNode(row: NodeRow, state: NodeState, servers: number): NodeView {
  return {
    id: row.id,
    name: row.name,
    publicHost: row.public_host,
    publicPort: Number(row.public_port),
    privateHost: row.private_host,
    privatePort: Number(row.private_port),
    sftpPort: Number(row.sftp_port),
    isLocal: Boolean(row.is_local),
    online: state.online,
    version: state.version,
    servers,
    backups: presentBackupStorage(backupStorageOf(row)),
    backupStorage: state.backups,
    ...(state.limits && { limits: state.limits }),
  };
}
