import { Type, type Static } from 'typebox';
import { ServerId } from './common.js';

// Issue 32, item 1: a server's CPU, memory, disk and players over time. The node samples every
// 10 s and keeps its last hour; the panel collects from it and keeps 10-s points for a day,
// 5-minute ones for 30 days and hourly ones for a year.

/** How often a node samples each running server, in milliseconds. */
export const STATS_SAMPLE_MS = 10_000;

/** GET /daemon/node/samples?after: the node's samples taken after this time (epoch ms); all it keeps when left out. */
export const NodeSamplesQuery = Type.Object({ after: Type.Optional(Type.Number({ minimum: 0, description: 'epoch milliseconds' })) });

/** One sample of one running server, as its node took it. */
export const NodeSample = Type.Object({
  server: ServerId,
  t: Type.Number({ description: 'epoch milliseconds' }),
  cpu: Type.Number({ description: 'percent of one core' }),
  memory: Type.Number({ description: 'bytes' }),
  disk: Type.Optional(Type.Number({ description: 'bytes, when the node has measured the folder' })),
  players: Type.Optional(Type.Integer({ minimum: 0, description: 'players online, when the game answered' })),
});
export type NodeSample = Static<typeof NodeSample>;

/** The node's samples, oldest first. */
export const NodeSamples = Type.Object({ samples: Type.Array(NodeSample) });
export type NodeSamples = Static<typeof NodeSamples>;

/** How far back a history reaches; each has its step (statsRangeSteps). */
export const StatsRange = Type.Union([Type.Literal('1h'), Type.Literal('24h'), Type.Literal('7d'), Type.Literal('30d')], { description: 'how far back: 1h, 24h, 7d or 30d' });
export type StatsRange = Static<typeof StatsRange>;

/** The seconds between a range's points: 10-s points for an hour, 5-minute ones for a day, hourly beyond. */
export const statsRangeSteps = { '1h': 10, '24h': 300, '7d': 3600, '30d': 3600 } as const satisfies Record<StatsRange, number>;

/** How long each range reaches back, in seconds. */
export const statsRangeSeconds = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 } as const satisfies Record<StatsRange, number>;

/** GET .../stats/history?range (default 1h). */
export const StatsHistoryQuery = Type.Object({ range: Type.Optional(StatsRange) });
export type StatsHistoryQuery = Static<typeof StatsHistoryQuery>;

/**
 * One step of a history: the average over the step (a 10-s point is one sample), and for 5-minute
 * and hourly steps the highest sample too. A node's history sums its servers'.
 */
export const StatsHistoryPoint = Type.Object({
  t: Type.Number({ description: 'epoch milliseconds at the start of the step' }),
  cpu: Type.Number({ description: 'percent of one core' }),
  memory: Type.Number({ description: 'bytes' }),
  disk: Type.Optional(Type.Number({ description: 'bytes' })),
  players: Type.Optional(Type.Number({ description: 'players online' })),
  cpuMax: Type.Optional(Type.Number({ description: 'the highest CPU sample of the step (5-minute and hourly steps)' })),
  memoryMax: Type.Optional(Type.Number({ description: 'the highest memory sample of the step (5-minute and hourly steps)' })),
});
export type StatsHistoryPoint = Static<typeof StatsHistoryPoint>;

/** A history: its points oldest first, steps without samples left out (never zeros), and the step in seconds. */
export const StatsHistory = Type.Object({
  points: Type.Array(StatsHistoryPoint),
  step: Type.Integer({ description: 'seconds between points: 10 for 1h, 300 for 24h, 3600 for 7d and 30d' }),
});
export type StatsHistory = Static<typeof StatsHistory>;
