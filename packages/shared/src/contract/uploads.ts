import { Type, type Static } from 'typebox';
import { ServerId } from './common.js';

// Resumable uploads (issue 36): the panel speaks tus 1.0.0 to clients at /api/servers/{id}/uploads
// and keeps each upload's record; the node keeps the bytes received so far, staged out of sight
// until the last one is in, and answers these calls.

/** An upload id: 32 lowercase hex characters (tus's own default). */
export const UploadId = Type.String({ pattern: '^[0-9a-f]{32}$', description: 'upload id, 32 lowercase hex characters' });

export const UploadParams = Type.Object({ id: ServerId, uploadId: UploadId });
export type UploadParams = Static<typeof UploadParams>;

/** How many bytes the node holds of an upload: where the next append starts. */
export const UploadOffset = Type.Object({ offset: Type.Integer({ minimum: 0 }) });
export type UploadOffset = Static<typeof UploadOffset>;

/** Where an upload goes, as a path below the server folder: checked by the node's jail when it starts, used when it is complete. */
export const UploadTarget = Type.Object({ path: Type.String({ minLength: 1, maxLength: 4096 }) });
export type UploadTarget = Static<typeof UploadTarget>;

/** The header an append names its start in, as tus's Upload-Offset does. */
export const UPLOAD_OFFSET_HEADER = 'upload-offset';
