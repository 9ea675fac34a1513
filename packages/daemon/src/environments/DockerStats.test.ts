import { describe, expect, it } from 'vitest';
import { readEngineStats } from './DockerStats.js';

describe('docker stats', () => {
  it("uses Docker's own previous sample when it sends one", () => {
    const { figures } = readEngineStats(
      {
        read: '2026-01-01T00:00:01.000Z',
        preread: '2026-01-01T00:00:00.000Z',
        cpu_stats: { cpu_usage: { total_usage: 1_500_000_000 } },
        precpu_stats: { cpu_usage: { total_usage: 1_000_000_000 } },
        memory_stats: { usage: 10_000_000, stats: { inactive_file: 4_000_000 } },
      },
      { cpuNs: 0, at: 0 },
    );
    expect(figures).toEqual({ cpu: 50, memory: 6_000_000 });
  });

  it("falls back to the caller's last sample when the engine sends none (Podman)", () => {
    const last = { cpuNs: 2_000_000_000, at: Date.parse('2026-01-01T00:00:00.000Z') };
    const { figures, sample } = readEngineStats(
      {
        read: '2026-01-01T00:00:02.000000000Z',
        preread: '0001-01-01T00:00:00Z',
        cpu_stats: { cpu_usage: { total_usage: 5_000_000_000 } },
        precpu_stats: { cpu_usage: { total_usage: 0 } },
        memory_stats: { usage: 700_416 },
      },
      last,
    );
    expect(figures).toEqual({ cpu: 150, memory: 700_416 });
    expect(sample).toEqual({ cpuNs: 5_000_000_000, at: Date.parse('2026-01-01T00:00:02Z') });
  });
});
