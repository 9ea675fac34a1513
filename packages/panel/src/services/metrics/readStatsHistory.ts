import { statsRangeSeconds, statsRangeSteps, type StatsHistory, type StatsRange } from '@outpost/shared';
import type { MetricRow, MetricsRepository } from '../../db/metrics.js';
import type { MetricsCollector } from './MetricsCollector.js';
import { bucketPoints, MetricSpan, type MetricPoint } from './MetricSpan.js';
import { metricTiers, spanStart, tierOfStep, type MetricTier } from './metricTiers.js';

const raw = metricTiers[0];

/**
 * The history of one server, or of a node (`servers` all of its servers: each point their sum),
 * over `range` up to `now`: 10-s points from the 10-s tier for an hour, else the coarser tier's
 * points, the newest of which (spans not rolled up yet, those in memory) are made from the
 * 10-s points on the spot. Steps nobody sampled are left out.
 */
export async function readStatsHistory(
  store: { repo: MetricsRepository; collector: Pick<MetricsCollector, 'current'> },
  servers: readonly string[],
  range: StatsRange,
  now: number,
): Promise<StatsHistory> {
  const step = statsRangeSteps[range];
  const tier = tierOfStep(step * 1000);
  const first = Math.floor((now - statsRangeSeconds[range] * 1000) / tier.stepMs) * tier.stepMs;
  const byServer = new Map<string, Map<number, MetricPoint>>(servers.map((server) => [server, new Map()]));
  const keep = (server: string, points: readonly MetricPoint[]) => {
    const held = byServer.get(server)!;
    // No upper bound: a node whose clock runs a little ahead of the panel's still shows its newest points.
    for (const point of points) if (point.t >= first) held.set(point.t, point);
  };

  if (tier === raw) {
    for (const span of newestFirst(await spansOf(store.repo, servers, raw, first, now), store.collector.current(servers))) keep(span.server, span.points());
  } else {
    for (const span of await spansOf(store.repo, servers, tier, first, now)) keep(span.server, span.points());
    // Newer than any roll-up: the spans written but not rolled up, and those in memory. Their steps
    // are made from every 10-s span in them (an hour's rolled first half with its second).
    const held = store.collector.current(servers);
    const fresh = [...(await store.repo.unrolledOf(servers)).map((row) => row.start), ...held.map((span) => span.start)];
    if (fresh.length > 0) {
      const from = Math.max(first, Math.floor(Math.min(...fresh) / tier.stepMs) * tier.stepMs);
      for (const span of newestFirst(await spansOf(store.repo, servers, raw, from, now), held)) {
        keep(span.server, bucketPoints(span.points().filter((point) => point.t >= from), tier.stepMs));
      }
    }
  }

  const series = [...byServer.values()];
  const points = series.length === 1 ? [...series[0].values()] : sumByTime(series);
  return { points: points.sort((a, b) => a.t - b.t), step };
}

async function spansOf(repo: MetricsRepository, servers: readonly string[], tier: MetricTier, first: number, now: number): Promise<MetricSpan[]> {
  return (await repo.spans(servers, tier.tier, spanStart(tier, first), now)).map(decode(tier));
}

const decode = (tier: MetricTier) => (row: MetricRow) => MetricSpan.decode(row.server, tier, row.start, row.data);

/** The spans written, with those in memory in place of a written one of the same hour (memory is newer). */
function newestFirst(written: readonly MetricSpan[], held: readonly MetricSpan[]): MetricSpan[] {
  const heldKeys = new Set(held.map((span) => `${span.server}:${span.start}`));
  return [...written.filter((span) => !heldKeys.has(`${span.server}:${span.start}`)), ...held];
}

/** A node's points: each step the sum over its servers that have a point there (maxima summed too, an upper bound). */
function sumByTime(series: readonly Map<number, MetricPoint>[]): MetricPoint[] {
  const sums = new Map<number, MetricPoint>();
  for (const points of series) {
    for (const point of points.values()) {
      const sum = sums.get(point.t);
      if (!sum) {
        sums.set(point.t, { ...point });
        continue;
      }
      sum.cpu += point.cpu;
      sum.memory += point.memory;
      for (const field of ['disk', 'players', 'cpuMax', 'memoryMax'] as const) {
        if (point[field] !== undefined) sum[field] = (sum[field] ?? 0) + point[field];
      }
    }
  }
  return [...sums.values()];
}
