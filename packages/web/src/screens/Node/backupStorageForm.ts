import type { BackupStorage } from '@outpost/shared';

/** The backup storage form as typed: the S3 fields are kept while "local" is chosen, so switching back loses nothing. */
export interface StorageFormInput {
  type: 'local' | 's3';
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  /** Write-only: empty keeps the secret saved. */
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Whether the panel holds a secret for this node (it never sends it back). */
  isSet: boolean;
}

export type StorageField = 'endpoint' | 'bucket' | 'accessKeyId' | 'secretAccessKey';
/** A field left empty, or (the endpoint) no http or https address. */
export type StorageProblem = 'required' | 'url';

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** A node's saved storage as the form shows it; a node on local storage gets S3 fields ready to fill. */
export function storageFormOf(storage: BackupStorage | undefined): StorageFormInput {
  if (storage?.type !== 's3') {
    return { type: 'local', endpoint: '', region: 'us-east-1', bucket: '', prefix: '', accessKeyId: '', secretAccessKey: '', forcePathStyle: false, isSet: false };
  }
  return {
    type: 's3',
    endpoint: storage.endpoint,
    region: storage.region,
    bucket: storage.bucket,
    prefix: storage.prefix ?? '',
    accessKeyId: storage.accessKeyId,
    secretAccessKey: '',
    forcePathStyle: storage.forcePathStyle ?? false,
    isSet: storage.isSet ?? false,
  };
}

/**
 * Checks the form as the panel will and builds the `backups` body. S3 needs an http(s) endpoint, a
 * bucket, a key id and its secret unless one is saved; a secret left empty is not sent, so the saved one stays.
 */
export function checkStorageForm(input: StorageFormInput): { storage?: BackupStorage; problems: Partial<Record<StorageField, StorageProblem>> } {
  if (input.type === 'local') return { storage: { type: 'local' }, problems: {} };
  const problems: Partial<Record<StorageField, StorageProblem>> = {};
  if (!input.endpoint.trim()) problems.endpoint = 'required';
  else if (!isHttpUrl(input.endpoint.trim())) problems.endpoint = 'url';
  for (const field of ['bucket', 'accessKeyId'] as const) if (!input[field].trim()) problems[field] = 'required';
  if (!input.isSet && !input.secretAccessKey) problems.secretAccessKey = 'required';
  if (Object.keys(problems).length > 0) return { problems };
  const storage: BackupStorage = {
    type: 's3',
    endpoint: input.endpoint.trim(),
    region: input.region.trim(),
    bucket: input.bucket.trim(),
    prefix: input.prefix.trim(),
    accessKeyId: input.accessKeyId.trim(),
    forcePathStyle: input.forcePathStyle,
  };
  if (input.secretAccessKey) storage.secretAccessKey = input.secretAccessKey;
  return { storage, problems };
}
