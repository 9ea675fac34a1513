import type { TFunction } from '../translation/translator';
import { ApiError } from './ApiError';

/**
 * The user-facing text of a failed call: the catalogue message for its code with the metadata
 * as placeholders, else the server's own message, else the generic "Unknown error".
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code) {
      const key = `errors.${error.code}`;
      const text = t(key, { ...error.metadata, defaultValue: '' });
      if (text) return text;
    }
    if (error.status === 0) return t('errors.network');
    if (error.code && error.message) return error.message;
  }
  return t('errors.ErrUnknownError');
}

/** Spec section 8 "Detail text by status", for the error-details report. */
export function statusDetail(t: TFunction, status: number): string {
  const known = [401, 403, 404, 500, 502];
  return known.includes(status) ? t(`errors.status.${status}`) : t('errors.status.other', { status });
}
