import type { PasskeyOptions, SessionResponse } from '@outpost/shared';
import type { TFunction } from '../translation/translator';
import { ApiError } from './ApiError';
import { api } from './client';
import { errorMessage } from './errorMessage';

/**
 * Signs in with whichever passkey the user picks: the panel's options, the browser's prompt, the
 * answer verified. The sign-in page loads this module, and it the WebAuthn helper, on the press.
 */
export async function signInWithPasskey(): Promise<SessionResponse> {
  const options = await api.post<PasskeyOptions>('/auth/passkey/options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<SessionResponse>('/auth/passkey', { response });
}

/**
 * A failed passkey step in words: the prompt cancelled or timed out (the browser tells the two
 * apart from nobody), a passkey this panel does not know, one added already, else the panel's answer.
 */
export function passkeyErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'ErrInvalidCredentials' && error.metadata.reason === 'unknownPasskey') return t('passkeys.unknown');
    if (error.code === 'ErrInvalidCredentials') return t('passkeys.refused');
    if (error.code === 'ErrAlreadyExists') return t('passkeys.alreadyAdded');
    return errorMessage(t, error);
  }
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return t('passkeys.cancelled');
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeys.alreadyAdded');
  return t('passkeys.failed');
}
