import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateServerRequest, CreateServerResponse, FirstScreenCall, LiveServerState, ServerDetailResponse, ServerListResponse, ServerSummary } from '@outpost/shared';
import { api } from './client';

/** Spec section 7: the server list pages by 10 unless told otherwise. */
export const SERVER_PAGE_SIZE = 10;

/** What the list is narrowed by on the panel: part of the name or id, a node id, a live state. */
export interface ServerListFilter {
  search?: string;
  node?: number;
  state?: LiveServerState;
}

/** The list call's path and query for a page and a filter. */
function listPath(page: number, filter: ServerListFilter = {}, limit = SERVER_PAGE_SIZE): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter.search?.trim()) query.set('search', filter.search.trim());
  if (filter.node) query.set('node', String(filter.node));
  if (filter.state) query.set('state', filter.state);
  return `/api/servers?${query.toString()}`;
}

export const listServers = (page: number, filter: ServerListFilter = {}, limit = SERVER_PAGE_SIZE) => api.get<ServerListResponse>(listPath(page, filter, limit));
const serverPath = (id: string) => `/api/servers/${encodeURIComponent(id)}?perms`;
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

const listKey = (page: number, filter: ServerListFilter) => ['servers', 'list', page, filter];

export function useServers(page: number, filter: ServerListFilter = {}) {
  return useQuery({ queryKey: listKey(page, filter), queryFn: () => listServers(page, filter), placeholderData: keepPreviousData });
}

/**
 * What the first screen at `pathname` reads before it can show its content: the server list's
 * first page (with the screen's first filter: no search, node or state) or a server's details.
 */
export function firstScreenCalls(pathname: string): FirstScreenCall[] {
  if (pathname === '/server') {
    const filter: ServerListFilter = { search: '', node: undefined, state: undefined };
    return [{ queryKey: listKey(1, filter), path: listPath(1, filter) }];
  }
  const id = /^\/server\/([^/]+)$/.exec(pathname)?.[1];
  return id && isServerId(id) ? [{ queryKey: oneKey(id), path: serverPath(id) }] : [];
}

/** A cold load asks for its first screen's data while the screen's code is still on its way, not after. */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  for (const call of firstScreenCalls(pathname)) void client.prefetchQuery({ queryKey: call.queryKey, queryFn: () => api.get(call.path) });
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
