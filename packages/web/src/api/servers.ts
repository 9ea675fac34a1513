import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateServerRequest, CreateServerResponse, LiveServerState, ServerDetailResponse, ServerListResponse, ServerSummary } from '@outpost/shared';
import { api } from './client';

/** Spec section 7: the server list pages by 10 unless told otherwise. */
export const SERVER_PAGE_SIZE = 10;

/** What the list is narrowed by on the panel: part of the name or id, a node id, a live state. */
export interface ServerListFilter {
  search?: string;
  node?: number;
  state?: LiveServerState;
}

export function listServers(page: number, filter: ServerListFilter = {}, limit = SERVER_PAGE_SIZE) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter.search?.trim()) query.set('search', filter.search.trim());
  if (filter.node) query.set('node', String(filter.node));
  if (filter.state) query.set('state', filter.state);
  return api.get<ServerListResponse>(`/api/servers?${query.toString()}`);
}
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

const listKey = (page: number, filter: ServerListFilter) => ['servers', 'list', page, filter];

export function useServers(page: number, filter: ServerListFilter = {}) {
  return useQuery({ queryKey: listKey(page, filter), queryFn: () => listServers(page, filter), placeholderData: keepPreviousData });
}

/**
 * A cold load of the server list or of a server's page asks for its data while the screen's code
 * is still on its way, instead of after (the list's filter is the screen's first one: no search,
 * node or state).
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  if (pathname === '/server') {
    const filter: ServerListFilter = { search: '', node: undefined, state: undefined };
    void client.prefetchQuery({ queryKey: listKey(1, filter), queryFn: () => listServers(1, filter) });
    return;
  }
  const id = /^\/server\/([^/]+)$/.exec(pathname)?.[1];
  if (id && isServerId(id)) void client.prefetchQuery({ queryKey: oneKey(id), queryFn: () => getServer(id) });
}

/** The form of a server id (8 lowercase hex characters): anything else is asked for nowhere. */
export const isServerId = (id: string) => /^[0-9a-f]{8}$/.test(id);

const oneKey = (id: string) => ['servers', 'one', id];

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
