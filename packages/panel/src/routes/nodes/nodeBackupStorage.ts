import { OutpostError, Scopes, hasScope, readBackupStorage, type BackupStorage } from '@outpost/shared';
import { backupStorageOf, backupsColumn, type NodeRow } from '../../db/nodes.js';

/** The daemon's reading of a storage, its field errors named as fields of `backups`. */
function readStorage(given: BackupStorage): BackupStorage {
  try {
    return readBackupStorage(given);
  } catch (error) {
    if (!(error instanceof OutpostError) || typeof error.metadata?.field !== 'string') throw error;
    throw new OutpostError(error.code, `backups.${error.message}`, { ...error.metadata, field: `backups.${error.metadata.field}` }, error.status);
  }
}

/**
 * A storage as the panel keeps it and the node gets it: read as the daemon reads it, the secret
 * whole. The secret is write-only (reads answer it empty), so an empty one keeps the saved one
 * while the storage stays S3: a form saved as it was read changes nothing. 400 naming the field.
 */
export function completeStorage(given: BackupStorage, saved: BackupStorage): BackupStorage {
  const storage = readStorage(given);
  if (storage.type === 'local') return storage;
  // Credentials belong in their own fields, where the secret stays write-only.
  const url = new URL(storage.endpoint);
  if (url.username || url.password) throw new OutpostError('ErrFieldIsInvalidHost', 'backups.endpoint must not hold credentials', { field: 'backups.endpoint' });
  const secretAccessKey = storage.secretAccessKey || (saved.type === 's3' ? saved.secretAccessKey : undefined);
  // No S3 server takes a key without its secret: say so here rather than at the first backup.
  if (!secretAccessKey) throw new OutpostError('ErrFieldRequired', 'backups.secretAccessKey is required', { field: 'backups.secretAccessKey' });
  return { ...storage, secretAccessKey };
}

/**
 * What a node's storage becomes from a request's `backups`: undefined when it stays as it is (left
 * out, or sent back as it was read). A change needs servers.admin, as the mail settings do: whoever
 * sets the storage receives every server's files, so a nodes.edit holder could otherwise send them
 * to their own bucket (403 ErrMissingScope naming the scope).
 */
export function storageChange(scopes: readonly string[], row: Pick<NodeRow, 'backups'>, given: BackupStorage | undefined): BackupStorage | undefined {
  if (!given) return undefined;
  const admin = hasScope(scopes, Scopes.ServersAdmin);
  const refused = new OutpostError('ErrMissingScope', 'only an administrator may change where a node keeps backups', { scope: Scopes.ServersAdmin, field: 'backups' }, 403);
  let next: BackupStorage;
  try {
    next = completeStorage(given, backupStorageOf(row));
  } catch (error) {
    throw admin ? error : refused;
  }
  if (backupsColumn(next) === (row.backups ?? null)) return undefined;
  if (!admin) throw refused;
  return next;
}
