import type { QueryAnswer, ServerDefinition } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { ServerQuery, type QueriedServer } from './ServerQuery.js';
import type { QueryTarget } from './queryTarget.js';

const answer = (online: number): QueryAnswer => ({ online, max: 20 });

/** A server whose state the test sets, and a game whose answers it counts. */
function rig(definition: Partial<ServerDefinition> = { query: { type: 'minecraft', port: 'server-port' } }) {
  let running = false;
  const listeners = new Set<(running: boolean) => void>();
  const server: QueriedServer = {
    get running() {
      return running;
    },
    definition: { run: { command: 'game' }, data: { 'server-port': { type: 'integer', value: 25565 } }, ...definition },
    variables: () => ({ 'server-port': 25565 }),
    onStatus: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  const clock = { now: 1_000_000 };
  const asked: QueryTarget[] = [];
  let players = 3;
  let answers = true;
  const query = new ServerQuery(server, {
    intervalMs: 30_000,
    settleMs: 5000,
    timeoutMs: 3000,
    now: () => clock.now,
    ask: async (target) => {
      asked.push(target);
      if (!answers) throw new Error('timed out');
      return answer(players);
    },
  });
  return {
    query,
    asked,
    clock,
    setPlayers: (count: number) => (players = count),
    setAnswers: (value: boolean) => (answers = value),
    setRunning(value: boolean) {
      running = value;
      for (const listener of listeners) listener(value);
    },
  };
}

describe('ServerQuery', () => {
  it('asks the game only while it runs, after it has settled, and on the loopback at its port variable', async () => {
    const t = rig();
    expect(await t.query.latest()).toBeNull();
    t.setRunning(true);
    t.clock.now += 4000;
    expect(await t.query.latest()).toBeNull();
    expect(t.asked).toEqual([]);
    t.clock.now += 1000;
    expect(await t.query.latest()).toEqual(answer(3));
    expect(t.asked).toEqual([{ type: 'minecraft', host: '127.0.0.1', port: 25565 }]);
  });

  it('answers from its cache for 30 s, then asks again', async () => {
    const t = rig();
    t.setRunning(true);
    t.clock.now += 5000;
    await t.query.latest();
    t.setPlayers(7);
    t.clock.now += 29_999;
    expect(await t.query.latest()).toEqual(answer(3));
    expect(t.query.online()).toBe(3);
    expect(t.asked).toHaveLength(1);
    t.clock.now += 1;
    expect(await t.query.latest()).toEqual(answer(7));
    expect(t.asked).toHaveLength(2);
  });

  it('keeps a game that did not answer as no answer until the next ask is due, and never throws', async () => {
    const t = rig();
    t.setRunning(true);
    t.clock.now += 5000;
    t.setAnswers(false);
    expect(await t.query.latest()).toBeNull();
    t.setAnswers(true);
    t.clock.now += 10_000;
    expect(await t.query.latest()).toBeNull();
    expect(t.asked).toHaveLength(1);
    t.clock.now += 20_000;
    expect(await t.query.latest()).toEqual(answer(3));
  });

  it('forgets the answer when the program stops, and waits for it to settle again after a start', async () => {
    const t = rig();
    t.setRunning(true);
    t.clock.now += 5000;
    await t.query.latest();
    t.setRunning(false);
    expect(await t.query.latest()).toBeNull();
    expect(t.query.online()).toBeUndefined();
    t.setRunning(true);
    t.clock.now += 1000;
    expect(await t.query.latest()).toBeNull();
    t.clock.now += 4000;
    expect(await t.query.latest()).toEqual(answer(3));
    expect(t.asked).toHaveLength(2);
  });

  it('makes one ask for callers who come while it is under way', async () => {
    const t = rig();
    t.setRunning(true);
    t.clock.now += 5000;
    const answers = await Promise.all([t.query.latest(), t.query.latest(), t.query.latest()]);
    expect(answers).toEqual([answer(3), answer(3), answer(3)]);
    expect(t.asked).toHaveLength(1);
  });

  it('has nothing to ask of a server whose definition names no query', async () => {
    const t = rig({});
    t.setRunning(true);
    t.clock.now += 60_000;
    expect(await t.query.latest()).toBeNull();
    expect(t.query.online()).toBeUndefined();
    expect(t.asked).toEqual([]);
  });
});
