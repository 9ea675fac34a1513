import type { StatsHistoryPoint, StatsRange } from '@outpost/shared';

/** One row of a history chart: a step's value (null where nothing was measured) and its highest sample when known. */
export interface HistoryRow {
  t: number;
  value: number | null;
  max?: number | null;
}

/**
 * The chart's rows for one field: a point per step that has the field, and after each point whose
 * next one is more than a step away an empty row, so the line stops there rather than crossing
 * time nobody measured (a server stopped, a panel away).
 */
export function historyRows(
  points: readonly StatsHistoryPoint[],
  stepMs: number,
  value: (point: StatsHistoryPoint) => number | undefined,
  max?: (point: StatsHistoryPoint) => number | undefined,
): HistoryRow[] {
  const measured = points.filter((point) => value(point) !== undefined);
  const rows: HistoryRow[] = [];
  measured.forEach((point, index) => {
    const row: HistoryRow = { t: point.t, value: value(point)! };
    if (max) row.max = max(point) ?? null;
    rows.push(row);
    const next = measured[index + 1];
    if (next && next.t - point.t > stepMs) rows.push(max ? { t: point.t + stepMs, value: null, max: null } : { t: point.t + stepMs, value: null });
  });
  return rows;
}

/** Whether the row at `index` has a value but neither neighbour does: a line cannot show it, a dot must. */
export function isIsolated(rows: readonly HistoryRow[], index: number, key: 'value' | 'max' = 'value'): boolean {
  const here = rows[index]?.[key];
  const defined = (row: HistoryRow | undefined) => row?.[key] !== null && row?.[key] !== undefined;
  return here !== null && here !== undefined && !defined(rows[index - 1]) && !defined(rows[index + 1]);
}

// Ticks fall on round times of the user's clock (every time zone is a whole number of quarter hours
// from UTC), chosen by testing each quarter hour of the range: 2,880 at most, for 30 days.
const QUARTER_HOUR = 15 * 60_000;

const tickAt: Record<StatsRange, (at: Date) => boolean> = {
  '1h': (at) => at.getMinutes() % 15 === 0,
  '24h': (at) => at.getMinutes() === 0 && at.getHours() % 6 === 0,
  '7d': (at) => at.getMinutes() === 0 && at.getHours() === 0,
  // Every fifth day of the month from the 1st (the 31st left out, too close to the next 1st).
  '30d': (at) => at.getMinutes() === 0 && at.getHours() === 0 && at.getDate() % 5 === 1 && at.getDate() !== 31,
};

/** The axis ticks of a range from `from` to `to` (epoch ms): round times in the browser's time zone. */
export function timeTicks(range: StatsRange, from: number, to: number): number[] {
  const ticks: number[] = [];
  for (let t = Math.ceil(from / QUARTER_HOUR) * QUARTER_HOUR; t <= to; t += QUARTER_HOUR) if (tickAt[range](new Date(t))) ticks.push(t);
  return ticks;
}
