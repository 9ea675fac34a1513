import { OutpostError, Scopes, hasScope, type BackupStorage } from '@outpost/shared';
import { backupStorageOf, backupsColumn, type NodeRow } from '../../db/nodes.js';

const required = (field: string) => new OutpostError('ErrFieldRequired', `backups.${field} is required`, { field: `backups.${field}` });

/** Throws ErrFieldIsInvalidHost unless the endpoint is an http or https URL with a host and no credentials in it. */
function assertEndpoint(value: string): void {
  if (!value) throw required('endpoint');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || url.search || url.hash) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'must be an http or https URL', { field: 'backups.endpoint' });
  }
}

/**
 * A storage as the panel keeps it and the node gets it: trimmed, without `isSet`, the secret whole.
 * The secret is write-only (reads answer it empty), so an empty one keeps the saved one while the
 * storage stays S3: a form saved as it was read changes nothing. 400 with the field when unusable.
 */
export function completeStorage(given: BackupStorage, saved: BackupStorage): BackupStorage {
  if (given.type === 'local') return { type: 'local' };
  const endpoint = given.endpoint.trim();
  assertEndpoint(endpoint);
  const bucket = given.bucket.trim();
  if (!bucket) throw required('bucket');
  const accessKeyId = given.accessKeyId.trim();
  if (!accessKeyId) throw required('accessKeyId');
  const secretAccessKey = given.secretAccessKey || (saved.type === 's3' ? saved.secretAccessKey : undefined);
  // No S3 server takes a key without its secret: say so here rather than at the first backup.
  if (!secretAccessKey) throw required('secretAccessKey');
  const prefix = given.prefix?.trim();
  return {
    type: 's3',
    endpoint,
    region: given.region.trim(),
    bucket,
    ...(prefix ? { prefix } : {}),
    accessKeyId,
    secretAccessKey,
    ...(given.forcePathStyle !== undefined ? { forcePathStyle: given.forcePathStyle } : {}),
  };
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
