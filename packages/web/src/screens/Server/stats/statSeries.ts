import type { ServerStats } from '@outpost/shared';

/** Spec section 9: 40 points, stats asked for every 3000 ms. */
export const STAT_POINTS = 40;
export const STAT_INTERVAL_MS = 3000;

export interface StatPoint {
  time: number;
  cpu: number;
  /** Bytes. */
  memory: number;
}

/** The starting series: 40 zero points, backdated 3 s apart so the chart is full from the start. */
export function initialSeries(now = Date.now()): StatPoint[] {
  return Array.from({ length: STAT_POINTS }, (_, i) => ({ time: now - (STAT_POINTS - 1 - i) * STAT_INTERVAL_MS, cpu: 0, memory: 0 }));
}

/** Adds a sample and keeps the newest 40; CPU is rounded to 2 decimals. */
export function pushSample(series: StatPoint[], stats: ServerStats, now = Date.now()): StatPoint[] {
  const point = { time: now, cpu: Math.round(stats.cpu * 100) / 100, memory: stats.memory };
  return [...series, point].slice(-STAT_POINTS);
}

export type MemoryUnit = 'MB' | 'MiB';

const unitBytes: Record<MemoryUnit, number> = { MB: 1_000_000, MiB: 1_048_576 };
/** Spec section 9: the memory axis reaches at least 1000 MB, or 1025 in MiB mode. */
const memoryFloor: Record<MemoryUnit, number> = { MB: 1000, MiB: 1025 };

export function toUnit(bytes: number, unit: MemoryUnit): number {
  return Math.round((bytes / unitBytes[unit]) * 100) / 100;
}

export function memoryAxisMax(values: number[], unit: MemoryUnit): number {
  return Math.max(memoryFloor[unit], Math.ceil(Math.max(0, ...values)));
}

/** The CPU axis starts at 0 and reaches at least 100 (percent of one core, may go past). */
export function cpuAxisMax(values: number[]): number {
  return Math.max(100, Math.ceil(Math.max(0, ...values)));
}

/**
 * Evenly spaced axis ticks from 0 that reach at least `max`, on a round step (1, 2, 2.5 or 5
 * times a power of ten), so labels read 0, 250, 500... rather than 0, 257, 514.
 */
export function evenTicks(max: number, count = 4): number[] {
  const rough = Math.max(max, 1) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const steps = Math.ceil(Math.max(max, 1) / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}
