import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInviteRequest, InviteResponse, SessionResponse } from '@outpost/shared';
import { api } from './client';

export const getInvite = (token: string) => api.get<InviteResponse>(`/auth/invite/${encodeURIComponent(token)}`);
export const acceptInvite = (body: AcceptInviteRequest) => api.post<SessionResponse>('/auth/invite', body);

/** Who an invitation link is for; a spent or forged link fails with ErrInviteLinkInvalid, so no retries. */
export function useInvite(token: string) {
  return useQuery({ queryKey: ['invite', token], queryFn: () => getInvite(token), retry: false, enabled: token !== '' });
}

/** Creates the invited account and answers its session; the caller stores the scopes. */
export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
