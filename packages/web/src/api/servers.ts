import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateServerRequest, CreateServerResponse, ServerDetailResponse, ServerListResponse, ServerSummary } from '@outpost/shared';
import { api } from './client';

/** Spec section 7: the server list pages by 10 unless told otherwise. */
export const SERVER_PAGE_SIZE = 10;

export const listServers = (page: number, limit = SERVER_PAGE_SIZE) =>
  api.get<ServerListResponse>(`/api/servers?page=${page}&limit=${limit}`);
export const getServer = (id: string) => api.get<ServerDetailResponse>(`/api/servers/${encodeURIComponent(id)}?perms`);
export const createServer = (body: CreateServerRequest) => api.post<CreateServerResponse>('/api/servers', body);
export const renameServer = (id: string, name: string) =>
  api.put<unknown>(`/api/servers/${encodeURIComponent(id)}/name/${encodeURIComponent(name)}`);
export const deleteServer = (id: string) => api.delete<unknown>(`/api/servers/${encodeURIComponent(id)}`);

/**
 * Spec panel.md section 2: the server's ip, or the node's public host when the ip is empty or
 * the "{ip}" placeholder, then ":port" when a port is set.
 */
export function serverAddress(server: Pick<ServerSummary, 'ip' | 'port' | 'node'>): string {
  let host = !server.ip || server.ip === '{ip}' ? server.node.publicHost : server.ip;
  // A node whose public host is itself "{ip}" is reached at the panel's own address.
  if (!host || host === '{ip}') host = globalThis.location?.hostname ?? host;
  return server.port ? `${host}:${server.port}` : host;
}

export function useServers(page: number) {
  return useQuery({ queryKey: ['servers', 'list', page], queryFn: () => listServers(page), placeholderData: keepPreviousData });
}

export function useServer(id: string) {
  return useQuery({ queryKey: ['servers', 'one', id], queryFn: () => getServer(id) });
}

export function useCreateServer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createServer, onSuccess: () => client.invalidateQueries({ queryKey: ['servers', 'list'] }) });
}

/** Renames and writes the new name into the cached server, so the view changes at once. */
export function useRenameServer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameServer(id, name),
    onSuccess: (_, name) => {
      client.setQueryData<ServerDetailResponse>(['servers', 'one', id], (old) => (old ? { ...old, server: { ...old.server, name } } : old));
      void client.invalidateQueries({ queryKey: ['servers', 'list'] });
    },
  });
}

export function useDeleteServer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteServer(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['servers', 'one', id] });
      void client.invalidateQueries({ queryKey: ['servers', 'list'] });
    },
  });
}
