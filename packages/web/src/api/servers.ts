import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateServerRequest, CreateServerResponse, ServerDetailResponse, ServerListResponse, ServerSummary } from '@outpost/shared';
import { api } from './client';
import { listKey, listPath, oneKey, SERVER_PAGE_SIZE, serverPath, type ServerListFilter } from './firstScreen';

export { isServerId, SERVER_PAGE_SIZE } from './firstScreen';

export const listServers = (page: number, filter: ServerListFilter = {}, limit = SERVER_PAGE_SIZE) => api.get<ServerListResponse>(listPath(page, filter, limit));
export const getServer = (id: string) => api.get<ServerDetailResponse>(serverPath(id));
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

export function useServers(page: number, filter: ServerListFilter = {}) {
  return useQuery({ queryKey: listKey(page, filter), queryFn: () => listServers(page, filter), placeholderData: keepPreviousData });
}

export function useServer(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: oneKey(id), queryFn: () => getServer(id), enabled: options.enabled ?? true });
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
