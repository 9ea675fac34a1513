import { describe, expect, it } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import { queryTarget } from './queryTarget.js';

const base: ServerDefinition = { run: { command: 'game' }, query: { type: 'minecraft', port: 'port' } };

describe('queryTarget', () => {
  it("asks on the loopback at the port variable's value, or the number given", () => {
    expect(queryTarget(base, { port: 25570 })).toEqual({ type: 'minecraft', host: '127.0.0.1', port: 25570 });
    expect(queryTarget({ ...base, query: { type: 'mbe', port: 19132 } }, {})).toEqual({ type: 'mbe', host: '127.0.0.1', port: 19132 });
  });

  it('has no target without a query or with a variable that holds no port', () => {
    expect(queryTarget({ run: { command: 'game' } }, { port: 25565 })).toBeUndefined();
    for (const port of [undefined, '', 'abc', 0, 70000, 1.5]) expect(queryTarget(base, { port })).toBeUndefined();
  });

  it("asks a Docker container on the port the node publishes for the game's, unless it shares the host's network", () => {
    const docker = (networkMode?: 'host') => ({ ...base, environment: { type: 'docker' as const, networkMode, portBindings: ['{ip}:30001:25565/tcp', '127.0.0.1:30002:25575/tcp'] } });
    expect(queryTarget(docker(), { port: 25565 })?.port).toBe(30001);
    expect(queryTarget(docker(), { port: 25566 })?.port).toBe(25566);
    expect(queryTarget(docker('host'), { port: 25565 })?.port).toBe(25565);
  });
});
