import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddSshKeyRequest, SshKey } from '@outpost/shared';
import { api } from './client';

const key = ['self', 'sshkeys'];

/** The signed-in user's SSH keys for SFTP. */
export function useSshKeys() {
  return useQuery({ queryKey: key, queryFn: () => api.get<SshKey[]>('/api/self/sshkeys') });
}

// Both wait for the list to refetch, so the change is on screen when they settle.
export function useAddSshKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSshKeyRequest) => api.post<SshKey>('/api/self/sshkeys', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveSshKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/self/sshkeys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
