import { afterEach, describe, expect, it } from 'vitest';
import type { StatsHistoryPoint } from '@outpost/shared';
import { historyRows, isIsolated, timeTicks } from './historySeries';

const MINUTE = 60_000;
const point = (minute: number, cpu: number, extra: Partial<StatsHistoryPoint> = {}): StatsHistoryPoint => ({ t: minute * MINUTE, cpu, memory: cpu * 1000, ...extra });

describe('history rows', () => {
  it('draws consecutive steps as one line and breaks it where steps are missing', () => {
    const points = [point(0, 1), point(5, 2), point(10, 3), point(30, 4), point(35, 5)];
    expect(historyRows(points, 5 * MINUTE, (p) => p.cpu)).toEqual([
      { t: 0, value: 1 },
      { t: 5 * MINUTE, value: 2 },
      { t: 10 * MINUTE, value: 3 },
      // Nothing measured from minute 15 to 25: an empty row right after the last point.
      { t: 15 * MINUTE, value: null },
      { t: 30 * MINUTE, value: 4 },
      { t: 35 * MINUTE, value: 5 },
    ]);
  });

  it('carries the highest samples beside the averages, and leaves out points without the field', () => {
    const points = [point(0, 1, { cpuMax: 9, disk: 100 }), point(5, 2, { cpuMax: 8 }), point(10, 3, { disk: 300 })];
    expect(historyRows(points, 5 * MINUTE, (p) => p.cpu, (p) => p.cpuMax).map((row) => row.max)).toEqual([9, 8, null]);
    // Disk was not measured at minute 5: a gap, not a line through it.
    expect(historyRows(points, 5 * MINUTE, (p) => p.disk)).toEqual([
      { t: 0, value: 100 },
      { t: 5 * MINUTE, value: null },
      { t: 10 * MINUTE, value: 300 },
    ]);
  });

  it('finds a point alone between gaps, which needs a dot to be seen', () => {
    const rows = historyRows([point(0, 1), point(20, 2), point(40, 3), point(45, 4)], 5 * MINUTE, (p) => p.cpu);
    const lone = rows.flatMap((row, index) => (isIsolated(rows, index) ? [row.t / MINUTE] : []));
    expect(lone).toEqual([0, 20]);
  });
});

describe('time ticks', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("fall on round hours of the user's clock, also in a time zone half an hour off UTC", () => {
    process.env.TZ = 'Asia/Kolkata';
    const to = Date.parse('2026-11-20T12:07:00Z');
    const ticks = timeTicks('24h', to - 86_400_000, to);
    expect(ticks).toHaveLength(4);
    for (const tick of ticks) expect([new Date(tick).getHours() % 6, new Date(tick).getMinutes()]).toEqual([0, 0]);
    // 17:37 in India: the first tick after 17:37 the day before is 18:00, 12:30 UTC.
    expect(new Date(ticks[0]!).toISOString()).toBe('2026-11-19T12:30:00.000Z');
  });

  it('mark local midnights over days, every fifth day of the month over 30 days', () => {
    process.env.TZ = 'Europe/Berlin';
    const to = Date.parse('2026-11-20T12:00:00Z');
    const week = timeTicks('7d', to - 7 * 86_400_000, to);
    expect(week.map((tick) => new Date(tick).getDate())).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(week.every((tick) => new Date(tick).getHours() === 0)).toBe(true);
    expect(timeTicks('30d', to - 30 * 86_400_000, to).map((tick) => new Date(tick).getDate())).toEqual([26, 1, 6, 11, 16]);
    expect(timeTicks('1h', to - 3_600_000, to).map((tick) => new Date(tick).getMinutes())).toEqual([0, 15, 30, 45, 0]);
  });
});
