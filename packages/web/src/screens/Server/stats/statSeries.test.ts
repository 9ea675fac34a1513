import { describe, expect, it } from 'vitest';
import { cpuAxisMax, initialSeries, memoryAxisMax, pushSample, STAT_POINTS, toUnit, evenTicks } from './statSeries';

describe('stat series', () => {
  it('starts with 40 zero points 3 s apart, ending now', () => {
    const series = initialSeries(100_000);
    expect(series).toHaveLength(STAT_POINTS);
    expect(series.at(-1)).toEqual({ time: 100_000, cpu: 0, memory: 0 });
    expect(series[1]!.time - series[0]!.time).toBe(3000);
  });

  it('keeps the newest 40 points with CPU rounded to 2 decimals', () => {
    const series = pushSample(initialSeries(0), { cpu: 12.3456, memory: 5 }, 3000);
    expect(series).toHaveLength(STAT_POINTS);
    expect(series.at(-1)).toEqual({ time: 3000, cpu: 12.35, memory: 5 });
  });

  it('gives the CPU axis at least 100 and the memory axis at least 1000 MB or 1025 MiB', () => {
    expect(cpuAxisMax([0, 5])).toBe(100);
    expect(cpuAxisMax([150.2])).toBe(151);
    expect(memoryAxisMax([10], 'MB')).toBe(1000);
    expect(memoryAxisMax([10], 'MiB')).toBe(1025);
    expect(memoryAxisMax([2048.5], 'MiB')).toBe(2049);
    expect(toUnit(1_048_576, 'MiB')).toBe(1);
    expect(toUnit(1_048_576, 'MB')).toBe(1.05);
  });
});

describe('evenTicks', () => {
  it('spaces ticks evenly on a round step from 0 to at least the axis maximum', () => {
    expect(evenTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(evenTicks(1025)).toEqual([0, 500, 1000, 1500]);
    expect(evenTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(evenTicks(137)).toEqual([0, 50, 100, 150]);
    expect(evenTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
