import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OidcProvider, OidcProviderRequest, PendingOidcLink, SessionResponse, SignInMethods } from '@outpost/shared';
import { api } from './client';


/** The link waiting for this browser's password, after a provider matched an existing account's email. */
export function usePendingOidcLink(enabled: boolean) {
  return useQuery({ queryKey: ['oidc', 'pendingLink'], queryFn: () => api.get<PendingOidcLink>('/auth/oidc/link'), enabled, retry: false });
}

export function useConfirmOidcLink() {
  return useMutation({ mutationFn: (password: string) => api.post<SessionResponse>('/auth/oidc/link', { password }) });
}

const providersKey = ['oidc', 'providers'];

/** Settings: every provider, without secrets (settings.edit). */
export function useOidcProviders() {
  return useQuery({ queryKey: providersKey, queryFn: () => api.get<OidcProvider[]>('/api/oidc/providers') });
}

/** Adds the provider when `id` is undefined, else replaces it (an empty secret keeps the stored one). */
export function useSaveOidcProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, provider }: { id?: number; provider: OidcProviderRequest }) =>
      id === undefined ? api.post<OidcProvider>('/api/oidc/providers', provider) : api.put<OidcProvider>(`/api/oidc/providers/${id}`, provider),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['oidc'] }),
  });
}

export function useDeleteOidcProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/oidc/providers/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['oidc'] }),
  });
}

const methodsKey = ['self', 'oidc'];

/** Account: whether the caller has a password, and the providers linked to the account. */
export function useSignInMethods() {
  return useQuery({ queryKey: methodsKey, queryFn: () => api.get<SignInMethods>('/api/self/oidc') });
}

export function useUnlinkOidc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (providerId: number) => api.delete<unknown>(`/api/self/oidc/${providerId}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: methodsKey }),
  });
}
