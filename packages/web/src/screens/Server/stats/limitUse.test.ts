import { describe, expect, it } from 'vitest';
import { limitUses } from './limitUse';

describe('limitUses', () => {
  it('puts memory and disk in MiB and CPU in percent against their limits', () => {
    const uses = limitUses({ cpu: 25, memory: 128 * 1_048_576, disk: 300 * 1_048_576, limits: { memory: 512, cpu: 50, disk: 200 } });
    expect(uses).toEqual([
      { name: 'memory', used: 128, limit: 512, fraction: 0.25 },
      { name: 'cpu', used: 25, limit: 50, fraction: 0.5 },
      // Over the limit: the bar is full.
      { name: 'disk', used: 300, limit: 200, fraction: 1 },
    ]);
  });

  it('shows no limit for 0 or absent, and no disk where the node does not measure it', () => {
    expect(limitUses({ cpu: 10, memory: 0, limits: { memory: 0 } })).toEqual([
      { name: 'memory', used: 0, limit: undefined, fraction: 0 },
      { name: 'cpu', used: 10, limit: undefined, fraction: 0 },
    ]);
  });
});
