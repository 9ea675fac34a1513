const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One resolution of the stats history: the time between its points, the span one row holds, and how long rows are kept. */
export interface MetricTier {
  tier: number;
  stepMs: number;
  spanMs: number;
  keepMs: number;
}

/**
 * The three tiers (issue 32): 10-s points for a day, 5-minute averages and maxima for 30 days,
 * hourly ones for a year. A row holds half an hour, a day or a week of one server's points: a
 * few hundred points, about 1 to 4 KB encoded, so a server keeps about 130 rows. Half an hour,
 * not an hour, of 10-s points: a row of about 1 KB, where SQLite's 4 KiB pages hold three; rows
 * just over 2 KB would take a page each.
 */
export const metricTiers = [
  { tier: 0, stepMs: 10_000, spanMs: HOUR / 2, keepMs: DAY },
  { tier: 1, stepMs: 5 * 60_000, spanMs: DAY, keepMs: 30 * DAY },
  { tier: 2, stepMs: HOUR, spanMs: 7 * DAY, keepMs: 365 * DAY },
] as const satisfies readonly MetricTier[];

/** The tier whose step is `stepMs`. */
export function tierOfStep(stepMs: number): MetricTier {
  const tier = metricTiers.find((candidate) => candidate.stepMs === stepMs);
  if (!tier) throw new Error(`no stats tier has a ${stepMs} ms step`);
  return tier;
}

/** Where the span holding time `t` starts in `tier` (spans are aligned on the epoch). */
export function spanStart(tier: MetricTier, t: number): number {
  return Math.floor(t / tier.spanMs) * tier.spanMs;
}
