import { useQuery } from '@tanstack/react-query';
import { statsRangeSteps, type StatsHistory, type StatsRange } from '@outpost/shared';
import { api } from './client';

/** Whose history: one server's (viewServerStats), or the sum over a node's servers (nodes.view). */
export type StatsHistorySource = { kind: 'server'; server: string } | { kind: 'node'; node: number };

const bases = { server: (id: string) => `/api/servers/${id}`, node: (id: number) => `/api/nodes/${id}` };

export const getStatsHistory = (source: StatsHistorySource, range: StatsRange) =>
  api.get<StatsHistory>(`${source.kind === 'server' ? bases.server(source.server) : bases.node(source.node)}/stats/history?range=${range}`);

/** A new point arrives once a step: asked again then, but at least every 5 minutes (the hourly ranges' newest hour grows meanwhile). */
const refreshMs = (range: StatsRange) => Math.min(statsRangeSteps[range] * 1000, 300_000);

/** The history of `range`, asked again as new points come; `range` undefined asks nothing (the live view). */
export function useStatsHistory(source: StatsHistorySource, range: StatsRange | undefined) {
  const id = source.kind === 'server' ? source.server : source.node;
  return useQuery({
    queryKey: ['statsHistory', source.kind, id, range],
    queryFn: () => getStatsHistory(source, range!),
    enabled: range !== undefined,
    refetchInterval: range ? refreshMs(range) : false,
  });
}
