import type { BackupStorage, NodeView } from '@outpost/shared';
import { backupStorageOf, type NodeRow } from '../../db/nodes.js';
import type { NodeState } from '../../nodes/NodeHealth.js';

/** A backup storage as the API shows it: the S3 secret is write-only, answered empty with whether one is kept. */
function presentBackupStorage(storage: BackupStorage): BackupStorage {
  if (storage.type === 'local') return storage;
  return { ...storage, secretAccessKey: '', isSet: Boolean(storage.secretAccessKey) };
}

/** A node row as the API shows it, with its health and server count: never a secret. */
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
  };
}
