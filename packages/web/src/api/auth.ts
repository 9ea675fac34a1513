import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest, SessionResponse } from '@outpost/shared';
import { sessionStore } from '../session/sessionStore';
import { api } from './client';

export const register = (body: RegisterRequest) => api.post<SessionResponse>('/auth/register', body);
export const reauth = () => api.post<SessionResponse>('/auth/reauth');
export const logout = () => api.post<unknown>('/auth/logout');

// Signing in is in signIn.ts. Nothing cached belongs to a session not yet started, so these
// invalidate nothing; the caller stores the answered scopes (session/startSession.ts).

/** Registers, then signs in: registration answers a taken email like a free one, with no session. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
  });
}

/** POST /auth/reauth: a fresh session with the scopes held now, which replace the stored ones. */
export function useRenewSession() {
  return useMutation({
    mutationFn: reauth,
    onSuccess: (answer) => {
      if (answer?.scopes) sessionStore.save(answer.scopes, answer.twoFactorRequired === true);
    },
  });
}

/**
 * Ends the session on the server, then forgets it here with every cached answer. The local
 * part runs even when the call fails: an expired session is as ended as it gets.
 */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStore.clear();
      client.clear();
    },
  });
}
