import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import { fakeDefinition, openTestDaemon } from '../servers/testServer.js';
import { serveHttp, type TestHttpServer } from './testKit.js';

// Issue 28, item 2: a daemon's download sources are its own. They were one object for the whole
// process, so the last daemon to open pointed every other daemon's install steps at its mirror.
describe('two daemons in one process', () => {
  const asked: Record<'first' | 'second', string[]> = { first: [], second: [] };
  let mirrors: TestHttpServer[] = [];
  let daemons: Awaited<ReturnType<typeof openTestDaemon>>[] = [];

  beforeAll(async () => {
    mirrors = await Promise.all(
      (['first', 'second'] as const).map((name) =>
        serveHttp((req, res) => {
          asked[name].push(req.url ?? '');
          res.writeHead(404).end();
        }),
      ),
    );
    // Each node allows its mirror on loopback, as a daemon file's allowPrivateTargets would.
    const outbound = { allowed: () => '127.0.0.0/8', allowedIn: 'this test' };
    for (const mirror of mirrors) daemons.push(await openTestDaemon({ outbound, downloadSources: { mojangManifest: `${mirror.url}/manifest.json` } }));
  });
  afterAll(async () => {
    await Promise.all(daemons.map((daemon) => daemon.cleanup()));
    await Promise.all(mirrors.map((mirror) => mirror.close()));
    daemons = [];
  });

  it("keep their own download sources: the first daemon's install asks its own mirror, not the one the second names", async () => {
    const [first] = daemons;
    const id = 'd0d0a001';
    await first.daemon.servers.create(id, fakeDefinition({}, { install: [{ type: 'mojangdl', version: '1.21', target: 'server.jar' }] }));
    const install = first.daemon.api.power({ user: 'admin', scopes: [Scopes.ServersAdmin] }, id, 'install', { wait: true });
    await expect(install).rejects.toThrow(/manifest\.json answered HTTP 404/);
    expect(asked).toEqual({ first: ['/manifest.json'], second: [] });
  });
});
