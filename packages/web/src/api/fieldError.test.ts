// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n, setupI18n } from '../i18n';
import { readCatalogue } from '../test/readCatalogue';
import { ApiError } from './ApiError';
import { fieldErrorOf, isExpectedError } from './fieldError';

await setupI18n(readCatalogue);
const t = i18n.t;
const answer = (status: number, code?: string, metadata?: Record<string, unknown>) =>
  new ApiError({ method: 'PUT', url: '/api/settings', status, statusText: '' }, code as never, 'msg', metadata);

describe('fieldErrorOf', () => {
  it('puts a refusal that names a field of the form beside that field, with its label', () => {
    const error = answer(400, 'ErrFieldRequired', { field: 'panel.email.from' });
    expect(fieldErrorOf(t, error, ['panel.email.from'], () => 'Sender address')).toEqual({ field: 'panel.email.from', message: 'Sender address is required' });
    expect(fieldErrorOf(t, error, ['panel.master'])).toBeUndefined();
  });

  it('treats coded 4xx answers as expected, and 5xx, network failures and uncoded answers as unexpected', () => {
    expect(isExpectedError(answer(400, 'ErrInvalidCredentials', { field: 'password' }))).toBe(true);
    expect(isExpectedError(answer(500, 'ErrGeneric'))).toBe(false);
    expect(isExpectedError(answer(0))).toBe(false);
    expect(isExpectedError(answer(404))).toBe(false);
    expect(fieldErrorOf(t, answer(502, 'ErrNodeUnreachable', { field: 'password' }), ['password'])).toBeUndefined();
  });
});
