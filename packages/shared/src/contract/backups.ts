import { Type, type Static } from 'typebox';
import { OutpostError } from '../errors.js';
import { ServerId } from './common.js';

// Backups of a server's folder (issue 29): made, kept and restored by the server's node; the panel
// routes the calls at /api/servers/{id}/backups and keeps each node's storage settings.

/** Backup ids are 16 lowercase hex characters. */
export const BackupId = Type.String({ pattern: '^[0-9a-f]{16}$', description: 'backup id, 16 lowercase hex characters' });

export const BackupParams = Type.Object({ id: ServerId, backupId: BackupId });
export type BackupParams = Static<typeof BackupParams>;

/** Who or what made a backup: a user, an OAuth2 client (by its id), or a scheduled task (by its id). */
export const BackupAuthor = Type.Object({
  type: Type.Union([Type.Literal('user'), Type.Literal('client'), Type.Literal('task')]),
  id: Type.String(),
  name: Type.String(),
});
export type BackupAuthor = Static<typeof BackupAuthor>;

export const BackupStatus = Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);
export type BackupStatus = Static<typeof BackupStatus>;

export const Backup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: BackupStatus,
  /** Bytes of the compressed archive (so far, while running). */
  size: Type.Integer(),
  /** Hex SHA-256 of the archive; empty until done. */
  sha256: Type.String(),
  /** Files in the archive (folders and links not counted). */
  files: Type.Integer(),
  locked: Type.Boolean(),
  /** ISO 8601. */
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  createdBy: BackupAuthor,
  /** While running: the share of the folder's bytes read so far, 0 to 1 (0 while it waits for a turn). */
  progress: Type.Optional(Type.Number()),
  /** Why it failed, in words; `errorCode` is the code. */
  error: Type.Optional(Type.String()),
  errorCode: Type.Optional(Type.String()),
});
export type Backup = Static<typeof Backup>;

/** GET .../backups: newest first, with the count the retention keeps (0: no limit). */
export const BackupList = Type.Object({ backups: Type.Array(Backup), limit: Type.Integer() });
export type BackupList = Static<typeof BackupList>;

export const BackupName = Type.String({ maxLength: 100 });

export const BackupCreateRequest = Type.Object({ name: Type.Optional(BackupName) });
export type BackupCreateRequest = Static<typeof BackupCreateRequest>;

export const BackupCreateQuery = Type.Object({ wait: Type.Optional(Type.String({ maxLength: 8 })) });

export const BackupCreated = Type.Object({ id: Type.String() });

export const BackupFilesQuery = Type.Object({ path: Type.Optional(Type.String({ maxLength: 4096 })) });

/** POST .../restore: the named files and folders only, or the whole backup; `truncate` (whole only) empties the folder first. */
export const BackupRestoreRequest = Type.Object({
  paths: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 1000 })),
  truncate: Type.Optional(Type.Boolean()),
});
export type BackupRestoreRequest = Static<typeof BackupRestoreRequest>;

export const BackupEditRequest = Type.Object({ locked: Type.Optional(Type.Boolean()), name: Type.Optional(BackupName) });
export type BackupEditRequest = Static<typeof BackupEditRequest>;

/** A server's retention: how many backups are kept, and for how many days (0: no bound). */
export const BackupPolicy = Type.Object({
  limit: Type.Integer({ minimum: 0, maximum: 1000 }),
  keepDays: Type.Integer({ minimum: 0, maximum: 36_500 }),
});
export type BackupPolicy = Static<typeof BackupPolicy>;

export const LocalBackupStorage = Type.Object({ type: Type.Literal('local') });

/** S3-compatible object storage. In answers the secret is empty and `isSet` says whether one is kept. */
export const S3BackupStorage = Type.Object({
  type: Type.Literal('s3'),
  endpoint: Type.String({ maxLength: 1024 }),
  region: Type.String({ maxLength: 64 }),
  bucket: Type.String({ minLength: 1, maxLength: 255 }),
  prefix: Type.Optional(Type.String({ maxLength: 512 })),
  accessKeyId: Type.String({ maxLength: 256 }),
  /** Write-only: an empty or missing secret keeps the one saved. */
  secretAccessKey: Type.Optional(Type.String({ maxLength: 512 })),
  forcePathStyle: Type.Optional(Type.Boolean()),
  isSet: Type.Optional(Type.Boolean()),
});

/** Where a node keeps its backups: `{type: "local"}` (under its data folder) or S3. */
export const BackupStorage = Type.Union([LocalBackupStorage, S3BackupStorage]);
export type BackupStorage = Static<typeof BackupStorage>;
export type S3BackupStorage = Static<typeof S3BackupStorage>;

/** POST /api/nodes/{id}/backups/test, and a node's last word on its storage. */
export const BackupStorageState = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()), errorCode: Type.Optional(Type.String()) });
export type BackupStorageState = Static<typeof BackupStorageState>;

/** A template's console lines around a backup of a running server, so the game writes a consistent save. */
export const BackupCommands = Type.Object(
  {
    before: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 20 })),
    after: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 20 })),
    /** Seconds to let the program act on `before` before the copy starts (default 3 when there are any). */
    waitSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 600 })),
  },
  { additionalProperties: true },
);
export type BackupCommands = Static<typeof BackupCommands>;

/** A retention from a request, or 400 ErrFieldNotBetween naming the field. */
export function readBackupPolicy(value: unknown): BackupPolicy {
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const read = (field: 'limit' | 'keepDays', max: number) => {
    const number = body[field];
    if (!Number.isInteger(number) || (number as number) < 0 || (number as number) > max) throw new OutpostError('ErrFieldNotBetween', `${field} must be a whole number from 0 to ${max}`, { field, min: 0, max });
    return number as number;
  };
  return { limit: read('limit', 1000), keepDays: read('keepDays', 36_500) };
}

/**
 * A node's backup storage from a request, or 400: ErrFieldRequired {field} for a missing
 * bucket or access key, ErrFieldIsInvalidHost for an endpoint that is no http(s) URL.
 */
export function readBackupStorage(value: unknown): BackupStorage {
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (body.type === 'local') return { type: 'local' };
  if (body.type !== 's3') throw new OutpostError('ErrFieldRequired', 'type must be "local" or "s3"', { field: 'type' });
  const text = (field: string, required: boolean, max: number) => {
    const given = body[field] ?? '';
    if (typeof given !== 'string' || given.length > max) throw new OutpostError('ErrFieldLength', `${field} must be text of at most ${max} characters`, { field, length: max });
    if (required && given.trim() === '') throw new OutpostError('ErrFieldRequired', `${field} is required`, { field });
    return given.trim();
  };
  const endpoint = text('endpoint', true, 1024);
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new OutpostError('ErrFieldIsInvalidHost', 'endpoint must be an http or https URL', { field: 'endpoint' });
  return {
    type: 's3',
    endpoint,
    region: text('region', false, 64),
    bucket: text('bucket', true, 255),
    prefix: text('prefix', false, 512),
    accessKeyId: text('accessKeyId', true, 256),
    secretAccessKey: typeof body.secretAccessKey === 'string' ? body.secretAccessKey.slice(0, 512) : '',
    forcePathStyle: body.forcePathStyle === true,
  };
}

/** Storage as an answer shows it: the secret empty, and whether one is kept. */
export function presentBackupStorage(storage: BackupStorage | null | undefined): BackupStorage {
  if (!storage || storage.type !== 's3') return { type: 'local' };
  return { ...storage, secretAccessKey: '', isSet: Boolean(storage.secretAccessKey) };
}
