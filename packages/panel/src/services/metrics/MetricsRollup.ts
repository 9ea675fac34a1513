import type { MetricRow, MetricsRepository } from '../../db/metrics.js';
import { bucketPoints, MetricSpan, type MetricPoint } from './MetricSpan.js';
import { metricTiers, spanStart, type MetricTier } from './metricTiers.js';

export interface MetricsRollupOptions {
  /** Between two runs. */
  intervalMs: number;
  /** The clock the tiers' ages are measured by (tests and the bench move it). */
  now: () => number;
  warn?: (details: object, message: string) => void;
}

/** How long after its end a span of 10-s points waits before it is rolled up: the collector writes it 30 s after. */
const ROLL_GRACE_MS = 60_000;
/** 10-s rows rolled up per batch. */
const ROWS_PER_BATCH = 500;

const [raw, ...coarse] = metricTiers;

/**
 * The stats history's job: makes the 5-minute and hourly points of each finished span of 10-s
 * points (the average and maximum of their samples), then removes what each tier keeps no longer
 * (a day, 30 days, a year). A step longer than a span (an hour of half-hour spans) is made from
 * every span it covers, so making a step again gives the same point: a span written again (late
 * samples) is simply rolled up again, and an hour's point is made whole once its second half is.
 */
export class MetricsRollup {
  private readonly options: MetricsRollupOptions;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly repo: MetricsRepository,
    options: Partial<MetricsRollupOptions> = {},
  ) {
    this.options = { intervalMs: 5 * 60_000, now: Date.now, ...options };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run().catch((error: Error) => this.options.warn?.({ err: error }, 'stats roll-up failed')), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One run now: every finished span rolled up, then what is too old removed. */
  run(): Promise<void> {
    this.running ??= this.rollAndRemove().finally(() => (this.running = undefined));
    return this.running;
  }

  private async rollAndRemove(): Promise<void> {
    const now = this.options.now();
    for (;;) {
      const rows = await this.repo.unrolled(now - raw.spanMs - ROLL_GRACE_MS, ROWS_PER_BATCH);
      if (rows.length === 0) break;
      await this.rollUp(rows);
    }
    // A row goes once all of its span is older than the tier keeps.
    for (const tier of metricTiers) await this.repo.deleteBefore(tier.tier, now - tier.keepMs - tier.spanMs + 1);
  }

  private async rollUp(rows: readonly MetricRow[]): Promise<void> {
    const spans = new Map<string, MetricSpan>();
    for (const tier of coarse) {
      // The coarse spans these rows fall in, read once per start.
      const starts = new Map<number, Set<string>>();
      for (const row of rows) {
        const start = spanStart(tier, row.start);
        starts.set(start, (starts.get(start) ?? new Set()).add(row.server));
      }
      for (const [start, servers] of starts) {
        for (const server of servers) spans.set(`${tier.tier}:${server}:${start}`, new MetricSpan(server, tier, start));
        for (const row of await this.repo.spans([...servers], tier.tier, start, start)) spans.set(`${tier.tier}:${row.server}:${start}`, MetricSpan.decode(row.server, tier, start, row.data));
      }
      for (const [server, points] of await this.stepPoints(rows, tier)) {
        for (const point of bucketPoints(points, tier.stepMs)) spans.get(`${tier.tier}:${server}:${spanStart(tier, point.t)}`)!.put(point);
      }
    }
    const written = [...spans.values()].flatMap((span): MetricRow[] => {
      const until = span.until;
      return until === undefined ? [] : [{ server: span.server, tier: span.tier.tier, start: span.start, until, rolled: false, data: span.encode() }];
    });
    await this.repo.put(written);
    await this.repo.markRolled(rows);
  }

  /**
   * The 10-s points of each server the steps of `tier` that these rows touch hold: the rows' own,
   * or, for a step longer than a span, those of every span written in it (the rows among them).
   */
  private async stepPoints(rows: readonly MetricRow[], tier: MetricTier): Promise<Map<string, MetricPoint[]>> {
    const points = new Map<string, MetricPoint[]>();
    const add = (row: MetricRow) => points.set(row.server, [...(points.get(row.server) ?? []), ...MetricSpan.decode(row.server, raw, row.start, row.data).points()]);
    if (tier.stepMs <= raw.spanMs) {
      rows.forEach(add);
      return points;
    }
    const steps = new Map<number, Set<string>>();
    for (const row of rows) {
      const step = Math.floor(row.start / tier.stepMs) * tier.stepMs;
      steps.set(step, (steps.get(step) ?? new Set()).add(row.server));
    }
    for (const [step, servers] of steps) (await this.repo.spans([...servers], raw.tier, step, step + tier.stepMs - 1)).forEach(add);
    return points;
  }
}
