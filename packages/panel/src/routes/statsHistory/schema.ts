import { NodeParams, ServerParams, StatsHistory, StatsHistoryQuery, responses } from '@outpost/shared';

export const serverStatsHistorySchema = {
  summary:
    "A server's CPU, memory, disk and players over time (viewServerStats): `range` 1h (10-s points), 24h (5-minute), 7d or 30d (hourly); each point's `t` is the start of its step, steps without samples are left out",
  tags: ['servers'],
  params: ServerParams,
  querystring: StatsHistoryQuery,
  response: responses({ 200: StatsHistory }),
};

export const nodeStatsHistorySchema = {
  summary: "A node's servers' stats over time, each point the sum over its servers (as a server's history)",
  tags: ['nodes'],
  params: NodeParams,
  querystring: StatsHistoryQuery,
  response: responses({ 200: StatsHistory }),
};
