import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StatsHistoryPoint } from '@outpost/shared';
import type { MetricTier } from './metricTiers.js';

/** A point of the history: one step of one server (or a node's sum), as the API answers it. */
export type MetricPoint = StatsHistoryPoint;

type Field = 'cpu' | 'memory' | 'disk' | 'players' | 'cpuMax' | 'memoryMax';

/**
 * How each field is kept: its key in the encoding and what it is multiplied by before rounding.
 * CPU to a hundredth of a percent, memory and disk to the KiB, players to a hundredth (an
 * average): finer than any chart shows, and whole numbers that shrink well.
 */
const fields: readonly { field: Field; key: string; scale: number }[] = [
  { field: 'cpu', key: 'c', scale: 100 },
  { field: 'memory', key: 'm', scale: 1 / 1024 },
  { field: 'disk', key: 'd', scale: 1 / 1024 },
  { field: 'players', key: 'p', scale: 100 },
  { field: 'cpuMax', key: 'cx', scale: 100 },
  { field: 'memoryMax', key: 'mx', scale: 1 / 1024 },
];

/**
 * A fixed span of one server's points in one tier: a slot per step, empty where nothing was
 * sampled (a server stopped, a panel away past the node's hour). Kept as a row of the metrics
 * table: slots and values as differences from the one before, in JSON, deflated.
 */
export class MetricSpan {
  private readonly values: Record<Field, Float64Array>;

  constructor(
    readonly server: string,
    readonly tier: MetricTier,
    readonly start: number,
  ) {
    const slots = tier.spanMs / tier.stepMs;
    this.values = Object.fromEntries(fields.map(({ field }) => [field, new Float64Array(slots).fill(NaN)])) as Record<Field, Float64Array>;
  }

  /** Whether `t` falls in this span. */
  holds(t: number): boolean {
    return t >= this.start && t < this.start + this.tier.spanMs;
  }

  /** Puts a point in the slot of its time (replacing what the slot held); a time outside the span is ignored. */
  put(point: MetricPoint): void {
    if (!this.holds(point.t)) return;
    const slot = Math.floor((point.t - this.start) / this.tier.stepMs);
    for (const { field } of fields) this.values[field][slot] = point[field] ?? NaN;
  }

  /** The points held, oldest first, each dated at the start of its slot. */
  points(): MetricPoint[] {
    const out: MetricPoint[] = [];
    const { cpu } = this.values;
    for (let slot = 0; slot < cpu.length; slot++) {
      if (Number.isNaN(cpu[slot])) continue;
      const point: MetricPoint = { t: this.start + slot * this.tier.stepMs, cpu: cpu[slot], memory: this.values.memory[slot] };
      for (const field of ['disk', 'players', 'cpuMax', 'memoryMax'] as const) {
        const value = this.values[field][slot];
        if (!Number.isNaN(value)) point[field] = value;
      }
      out.push(point);
    }
    return out;
  }

  /** The time of the newest point held; undefined when empty. */
  get until(): number | undefined {
    const { cpu } = this.values;
    for (let slot = cpu.length - 1; slot >= 0; slot--) if (!Number.isNaN(cpu[slot])) return this.start + slot * this.tier.stepMs;
    return undefined;
  }

  encode(): Buffer {
    const present: number[] = [];
    this.values.cpu.forEach((value, slot) => Number.isNaN(value) || present.push(slot));
    const encoded: Record<string, (number | null)[]> = { s: differences(present) };
    for (const { field, key, scale } of fields) {
      const column = present.map((slot) => this.values[field][slot]);
      if (column.every(Number.isNaN)) continue;
      encoded[key] = differences(column.map((value) => (Number.isNaN(value) ? null : Math.round(value * scale))));
    }
    return deflateRawSync(JSON.stringify(encoded));
  }

  static decode(server: string, tier: MetricTier, start: number, data: Uint8Array): MetricSpan {
    const span = new MetricSpan(server, tier, start);
    const encoded = JSON.parse(inflateRawSync(data).toString('utf8')) as Record<string, (number | null)[]>;
    const slots = sums(encoded.s ?? []);
    for (const { field, key, scale } of fields) {
      const column = encoded[key] ? sums(encoded[key]) : [];
      slots.forEach((slot, index) => {
        const value = column[index];
        if (slot !== null && value !== null && value !== undefined) span.values[field][slot] = value / scale;
      });
    }
    return span;
  }
}

/** Each value less the last value before it (nulls stay null and are skipped over). */
function differences(values: readonly (number | null)[]): (number | null)[] {
  let last = 0;
  return values.map((value) => {
    if (value === null) return null;
    const difference = value - last;
    last = value;
    return difference;
  });
}

/** The inverse of differences. */
function sums(values: readonly (number | null)[]): (number | null)[] {
  let last = 0;
  return values.map((value) => (value === null ? null : (last += value)));
}

/**
 * Points gathered into steps of `stepMs`: the average of each field over the points that have
 * it, and the highest CPU and memory (the points' own maxima when they have them). Oldest first.
 */
export function bucketPoints(points: readonly MetricPoint[], stepMs: number): MetricPoint[] {
  const buckets = new Map<number, MetricPoint[]>();
  for (const point of points) {
    const t = Math.floor(point.t / stepMs) * stepMs;
    const bucket = buckets.get(t);
    if (bucket) bucket.push(point);
    else buckets.set(t, [point]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, group]) => {
      const point: MetricPoint = {
        t,
        cpu: average(group.map((p) => p.cpu)),
        memory: average(group.map((p) => p.memory)),
        cpuMax: Math.max(...group.map((p) => p.cpuMax ?? p.cpu)),
        memoryMax: Math.max(...group.map((p) => p.memoryMax ?? p.memory)),
      };
      const disk = group.flatMap((p) => (p.disk === undefined ? [] : [p.disk]));
      const players = group.flatMap((p) => (p.players === undefined ? [] : [p.players]));
      if (disk.length > 0) point.disk = average(disk);
      if (players.length > 0) point.players = average(players);
      return point;
    });
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
