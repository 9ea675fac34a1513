import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenCall, LiveServerState } from '@outpost/shared';
import { api } from './client';

// The calls a cold load makes before its screen can show, apart from the server hooks (servers.ts):
// the entry script starts them without the query cache's code, which arrives beside them.

/** Spec section 7: the server list pages by 10 unless told otherwise. */
export const SERVER_PAGE_SIZE = 10;

/** What the list is narrowed by on the panel: part of the name or id, a node id, a live state. */
export interface ServerListFilter {
  search?: string;
  node?: number;
  state?: LiveServerState;
}

/** The list call's path and query for a page and a filter. */
export function listPath(page: number, filter: ServerListFilter = {}, limit = SERVER_PAGE_SIZE): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter.search?.trim()) query.set('search', filter.search.trim());
  if (filter.node) query.set('node', String(filter.node));
  if (filter.state) query.set('state', filter.state);
  return `/api/servers?${query.toString()}`;
}

export const serverPath = (id: string) => `/api/servers/${encodeURIComponent(id)}?perms`;
export const listKey = (page: number, filter: ServerListFilter) => ['servers', 'list', page, filter];
export const oneKey = (id: string) => ['servers', 'one', id];

/** The form of a server id (8 lowercase hex characters): anything else is asked for nowhere. */
export const isServerId = (id: string) => /^[0-9a-f]{8}$/.test(id);

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

/**
 * A cold load asks for its first screen's data at once, while the screen's code and the query
 * cache's are still on their way; the answers go into the cache under their keys once it is here.
 */
export function prefetchFirstScreen(client: QueryClient | Promise<QueryClient>, pathname: string): void {
  for (const call of firstScreenCalls(pathname)) {
    const answer = api.get(call.path);
    // A failure is the screen's to show when it asks again (a 401 already signed out in the client).
    answer.catch(() => {});
    void Promise.resolve(client).then((cache) => cache.prefetchQuery({ queryKey: call.queryKey, queryFn: () => answer }));
  }
}
