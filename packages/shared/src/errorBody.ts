import type { ErrorBody } from './contract/common.js';
import type { ErrorCode } from './errors.js';

// Apart from errors.ts, whose tables (every code's status and wire code) only the panel, the node
// and the template editor need: the browser's first screen reads error bodies with these alone.

/** True for a parsed body of the error shape, e.g. an answer relayed from a daemon. */
export function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as ErrorBody | null)?.error;
  return typeof error === 'object' && error !== null && (typeof error.reason === 'string' || typeof error.code === 'string');
}

/** The precise code of an error body: `reason` (Outpost's own) or, from an older peer, `code`. */
export function errorCodeOf(body: ErrorBody): ErrorCode {
  return body.error.reason ?? body.error.code ?? 'ErrUnknownError';
}
