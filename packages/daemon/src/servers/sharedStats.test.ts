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
  it('answers a thousand askers with one sample per wave, never a scan each', async () => {
    // Ten waves of a hundred, as sockets flooding `stat` would send them. A wave asks all at once,
    // so it shares one sample (or the last one, while fresh): a scan per message is what held the
    // event loop for seconds before.
    for (let wave = 0; wave < 10; wave++) {
      const before = scans;
      const answers = await Promise.all(Array.from({ length: 100 }, () => server.stats()));
      expect(scans - before, `scans in wave ${wave}`).toBeLessThanOrEqual(1);
      expect(answers.every((a) => a.memory > 1_000_000)).toBe(true);
    }
  });
});
