import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardEnvironment } from '../environments/StandardEnvironment.js';
import type { Server } from './Server.js';
import { fakeDefinition, openTestDaemon, waitFor } from './testServer.js';

let open: Awaited<ReturnType<typeof openTestDaemon>>;
let server: Server;
// Real /proc scans of the real program, counted as they happen.
let scans = 0;

beforeAll(async () => {
  open = await openTestDaemon({
    async createEnvironment() {
      const standard = new StandardEnvironment();
      return {
        type: 'standard',
        async start(spec, onOutput) {
          const running = await standard.start(spec, onOutput);
          const stats = running.stats.bind(running);
          return Object.assign(running, { stats: () => (scans++, stats()) });
        },
      };
    },
  });
  server = await open.daemon.servers.create('5a7e5a7e', fakeDefinition());
  await server.start();
  await waitFor(() => server.console.replay().logs.join('').includes('ready'), 20_000, 'banner');
});
afterAll(() => open.cleanup());

describe('server stats under a flood of askers', () => {
  it('answers a thousand askers from one sample per interval without stalling the event loop', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const before = scans;
    const started = performance.now();
    try {
      // Ten waves of a hundred, as sockets flooding `stat` would send them.
      const answers = [];
      for (let wave = 0; wave < 10; wave++) answers.push(...(await Promise.all(Array.from({ length: 100 }, () => server.stats()))));
      expect(answers.every((a) => a.memory > 1_000_000)).toBe(true);
    } finally {
      delay.disable();
    }
    // At most one scan per started second of the flood (plus the one in flight at its start).
    const seconds = Math.ceil((performance.now() - started) / 1000);
    expect(scans - before).toBeLessThanOrEqual(seconds + 1);
    // A synchronous /proc scan per message held the loop for seconds; a shared sample does not.
    expect(delay.max / 1e6).toBeLessThan(500);
  });
});
