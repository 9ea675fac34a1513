import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityListResponse } from '@outpost/shared';
import { api } from './client';

/** Entries on one page of every activity list. */
export const ACTIVITY_PAGE_SIZE = 25;

/** What a list is narrowed by; empty fields are left out of the query. */
interface ActivityFilter {
  page: number;
  /** An event name or a prefix of whole dotted parts (`server.file`). */
  event?: string;
  /** The actor's id. */
  actor?: string;
  /** Admin list only: one server's entries. */
  server?: string;
  /** Admin list only: entries about one account. */
  user?: number;
}

/** Which log a list reads: one server's, every entry (admins), or the caller's own account's. */
export type ActivitySource = { kind: 'server'; server: string } | { kind: 'panel' } | { kind: 'self' };

const bases = { server: (id: string) => `/api/servers/${id}/activity`, panel: () => '/api/activity', self: () => '/api/self/activity' };

function activityUrl(source: ActivitySource, filter: ActivityFilter): string {
  const base = source.kind === 'server' ? bases.server(source.server) : bases[source.kind]();
  const params = new URLSearchParams({ page: String(filter.page), limit: String(ACTIVITY_PAGE_SIZE) });
  for (const key of ['event', 'actor', 'server', 'user'] as const) {
    const value = filter[key];
    if (value !== undefined && String(value).trim() !== '') params.set(key, String(value).trim());
  }
  return `${base}?${params.toString()}`;
}

export function useActivity(source: ActivitySource, filter: ActivityFilter) {
  const url = activityUrl(source, filter);
  return useQuery({ queryKey: ['activity', url], queryFn: () => api.get<ActivityListResponse>(url), placeholderData: keepPreviousData });
}
