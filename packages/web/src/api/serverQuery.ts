import { useQuery } from '@tanstack/react-query';
import { QUERY_INTERVAL_MS, type QueryAnswer } from '@outpost/shared';
import { api } from './client';
import { proxyBase } from './serverProxy';

/** What the game last said of its players; null when the node has nothing to say (204: no query, stopped, no answer). */
export const getServerQuery = async (id: string): Promise<QueryAnswer | null> => (await api.get<QueryAnswer | undefined>(`${proxyBase(id)}/query`)) ?? null;

// Before a first answer, sooner: a game just started answers once it has loaded (the node waits a few seconds before asking).
const UNANSWERED_RETRY_MS = 10_000;

/** The game's players while `enabled` (the page is open and the server runs), asked again as often as the node asks the game. */
export function useServerQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['servers', 'query', id],
    queryFn: () => getServerQuery(id),
    enabled,
    refetchInterval: (query) => (!enabled ? false : query.state.data ? QUERY_INTERVAL_MS : UNANSWERED_RETRY_MS),
  });
}
