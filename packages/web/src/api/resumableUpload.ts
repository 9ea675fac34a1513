import { errorCodeOf, isErrorBody } from '@outpost/shared';
import { DetailedError, Upload } from 'tus-js-client';
import { ApiError } from './ApiError';

// Loaded with the first upload only (useUploads imports it on demand): tus-js-client never weighs
// on the first screen.

export interface ResumableUploadEvents {
  /** Bytes the panel holds so far, of the file's size. */
  onProgress(sent: number, total: number): void;
  /** Where an upload picked again from an earlier try starts: the bytes already there. */
  onResumed(from: number): void;
}

/** One file's upload under way: pause stops sending (the bytes received stay), resume goes on from there. */
export interface ResumableUpload {
  pause(): void;
  resume(): void;
  /** Settles when the file is in place, or with the error that stopped it. */
  done: Promise<void>;
}

/**
 * Uploads a file to `path` on a server with tus (/api/servers/{id}/uploads), in chunks, each
 * kept by the node as it arrives. The browser remembers the upload (tus-js-client's fingerprint
 * storage), so the same file picked again for the same place, after a reload or a dropped
 * connection, continues from where the panel's copy stops instead of starting over.
 */
export function startResumableUpload(serverId: string, path: string, file: File, events: ResumableUploadEvents): ResumableUpload {
  let upload!: Upload;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: `/api/servers/${encodeURIComponent(serverId)}/uploads`,
      metadata: { path, filename: file.name },
      // Which earlier upload is this one's: the same file to the same place on the same server.
      fingerprint: async () => ['outpost-upload', serverId, path, file.size, file.lastModified].join(':'),
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => events.onProgress(sent, total),
      // A HEAD asks where an earlier upload stands: the bytes the panel already holds are not sent again.
      onAfterResponse: (request, response) => {
        const offset = Number(response.getHeader('Upload-Offset'));
        if (request.getMethod() === 'HEAD' && offset > 0) events.onResumed(offset);
      },
      onSuccess: () => resolve(),
      onError: (error) => reject(apiErrorOf(error)),
    });
  });
  const begin = async () => {
    const earlier = await upload.findPreviousUploads();
    if (earlier[0]) upload.resumeFromPreviousUpload(earlier[0]);
    upload.start();
  };
  void begin();
  return {
    pause: () => void upload.abort(),
    resume: () => upload.start(),
    done,
  };
}

/** A failed tus request as the panel's other calls fail: an ApiError with the error body's code. */
function apiErrorOf(error: Error | DetailedError): Error {
  if (!(error instanceof DetailedError) || !error.originalResponse) return error;
  const request = error.originalRequest;
  const response = error.originalResponse;
  let body: unknown = response.getBody();
  try {
    body = JSON.parse(String(body));
  } catch {
    // A plain-text tus answer.
  }
  const report = { method: request.getMethod(), url: request.getURL(), status: response.getStatus(), statusText: '', responseBody: body };
  return isErrorBody(body) ? new ApiError(report, errorCodeOf(body), body.error.msg, body.error.metadata) : new ApiError(report, undefined, typeof body === 'string' ? body.trim() : undefined);
}
