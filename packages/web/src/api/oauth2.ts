import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedOAuthClient, CreateOAuthClientRequest, OAuthClient } from '@outpost/shared';
import { api } from './client';

/** The account's clients (no server) or the signed-in user's clients on one server. */
const base = (serverId?: string) => (serverId ? `/api/servers/${encodeURIComponent(serverId)}/oauth2` : '/api/self/oauth2');
const clientsKey = (serverId?: string) => ['oauth2', serverId ?? 'self'];

export function useOAuthClients(serverId?: string) {
  return useQuery({ queryKey: clientsKey(serverId), queryFn: () => api.get<OAuthClient[]>(base(serverId)) });
}

// Both wait for the list to refetch, so the change is on screen when they settle.
export function useCreateOAuthClient(serverId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: CreateOAuthClientRequest) => api.post<CreatedOAuthClient>(base(serverId), fields),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey(serverId) }),
  });
}

export function useDeleteOAuthClient(serverId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.delete<unknown>(`${base(serverId)}/${encodeURIComponent(clientId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey(serverId) }),
  });
}
