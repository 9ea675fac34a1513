import { describe, expect, it } from 'vitest';
import { NodeLimits, parseNodeLimits } from './NodeLimits.js';

describe('a node\'s limits', () => {
  const node = new NodeLimits({ defaults: { memory: 1024, processes: 200 }, max: { memory: 4096, cpu: 200 } }, null);

  it('fill what a server leaves out with the node defaults, and bound everything by the node maximum', () => {
    expect(node.applied(undefined)).toEqual({ memory: 1024, processes: 200, cpu: 200 });
    expect(node.applied({ memory: 2048, cpu: 50, disk: 500 })).toEqual({ memory: 2048, cpu: 50, processes: 200, disk: 500 });
    // Above the maximum, or unlimited (0) where there is one: the maximum.
    expect(node.applied({ memory: 10_000, cpu: 0, processes: 0 })).toEqual({ memory: 4096, cpu: 200 });
  });

  it('say what they enforce: nothing through cgroups without a writable hierarchy, the disk quota always', () => {
    expect(node.enforcement).toEqual({ cgroup: null, memory: false, cpu: false, processes: false, disk: true });
    const none = node.confinement('0000aaaa', '/srv/a', () => ({ memory: 5 }));
    expect(none.cgroup).toBeUndefined();
    expect(none.limits()).toEqual({ memory: 5, processes: 200, cpu: 200 });
    const v1 = new NodeLimits({}, { version: 'v1', bases: { memory: '/m/outpost', pids: '/p/outpost' } });
    expect(v1.enforcement).toEqual({ cgroup: 'v1', memory: true, cpu: false, processes: true, disk: true });
    // Two nodes on one machine may both have a server 0000aaaa: their folders tell the cgroups apart.
    expect(v1.confinement('0000aaaa', '/srv/a', () => ({})).cgroup!.name).not.toBe(v1.confinement('0000aaaa', '/srv/b', () => ({})).cgroup!.name);
    expect(v1.confinement('0000aaaa', '/srv/a', () => ({})).cgroup!.dirs).toEqual([expect.stringMatching(/^\/m\/outpost\/0000aaaa-[0-9a-f]{8}$/), expect.stringMatching(/^\/p\/outpost\/0000aaaa-/)]);
  });

  it('come from daemon.json checked field by field', () => {
    expect(parseNodeLimits({ defaults: { disk: 10_240 }, max: {} })).toEqual({ defaults: { disk: 10_240 }, max: {} });
    expect(() => parseNodeLimits({ maximum: {} })).toThrow('limits.maximum is not a setting (defaults, max)');
    expect(() => parseNodeLimits({ max: { memory: 1.5 } })).toThrow('limits.max.memory must be a whole number, 0 for unlimited');
    expect(() => parseNodeLimits([])).toThrow('limits must be an object {defaults, max}');
  });
});
