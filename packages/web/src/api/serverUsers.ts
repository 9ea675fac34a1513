import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ServerPermissions, ServerUserEntry } from '@outpost/shared';
import { api } from './client';

const base = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}/user`;

export const listServerUsers = (serverId: string) => api.get<ServerUserEntry[]>(base(serverId));
/** Replaces the user's flags on the server; an email without an account is invited by mail instead. */
export const putServerUser = (serverId: string, email: string, flags: ServerPermissions) =>
  api.put<unknown>(`${base(serverId)}/${encodeURIComponent(email)}`, flags);
/** Takes every permission on the server away from the user (by email or user id). */
export const deleteServerUser = (serverId: string, email: string) => api.delete<unknown>(`${base(serverId)}/${encodeURIComponent(email)}`);

const usersKey = (serverId: string) => ['servers', 'users', serverId];

// The editor may have changed their own entry, so the server's permissions are read again too.
const refresh = (client: QueryClient, serverId: string) =>
  Promise.all([client.invalidateQueries({ queryKey: usersKey(serverId) }), client.invalidateQueries({ queryKey: ['servers', 'one', serverId] })]);

export function useServerUsers(serverId: string) {
  return useQuery({ queryKey: usersKey(serverId), queryFn: () => listServerUsers(serverId) });
}

// Both mutations wait for the list to refetch, so a saved entry is on screen when they settle.
export function usePutServerUser(serverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, flags }: { email: string; flags: ServerPermissions }) => putServerUser(serverId, email, flags),
    onSuccess: () => refresh(client, serverId),
  });
}

export function useDeleteServerUser(serverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => deleteServerUser(serverId, email),
    onSuccess: () => refresh(client, serverId),
  });
}

/** Whether the listed entry of an email is an invitation still waiting (read after a save). */
export function isPendingInvitation(client: QueryClient, serverId: string, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return client.getQueryData<ServerUserEntry[]>(usersKey(serverId))?.find((entry) => entry.email === wanted)?.pending === true;
}
