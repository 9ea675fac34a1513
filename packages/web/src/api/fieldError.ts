import type { TFunction } from '../translation/translator';
import { ApiError } from './ApiError';
import { errorMessage } from './errorMessage';

/**
 * An error the user can act on: the panel refused the input with a code (a 4xx; wrong
 * credentials at login included). Anything else (5xx, network, no code) is unexpected and gets
 * the Details report.
 */
export function isExpectedError(error: unknown): error is ApiError {
  return error instanceof ApiError && !!error.code && error.status >= 400 && error.status < 500;
}

/**
 * The message to show beside a form field when an expected error names one of `fields`
 * (metadata.field); `labelOf` gives the field's label for a "{field} is required" message.
 */
export function fieldErrorOf(t: TFunction, error: unknown, fields: readonly string[], labelOf?: (field: string) => string): { field: string; message: string } | undefined {
  if (!isExpectedError(error)) return undefined;
  const field = typeof error.metadata.field === 'string' ? error.metadata.field : undefined;
  if (!field || !fields.includes(field)) return undefined;
  const message = labelOf ? t(`errors.${error.code}`, { ...error.metadata, field: labelOf(field), defaultValue: errorMessage(t, error) }) : errorMessage(t, error);
  return { field, message };
}
