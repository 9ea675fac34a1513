// A real Prometheus (Debian's package, /usr/bin/prometheus; CI installs it) scrapes the panel's
// /metrics every second as the README's scrape configs do: with a bearer token file, and with an
// OAuth2 client's id and secret (Prometheus fetches and renews the hour-long token itself). Its own
// query API then answers outpost_server_up for a running server of the local node.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { panelCaller } from '@outpost/daemon';
import { Scopes } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { PanelConfig } from '../../config.js';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { createSignedInUser } from '../../test/factories.js';
import { freePort } from '../../test/freePort.js';
import { createTestServer } from '../../test/serverFixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/testDatabase.js';

const PROMETHEUS = '/usr/bin/prometheus';
const installed = existsSync(PROMETHEUS);
const title = installed ? 'a real Prometheus scraping /metrics' : `a real Prometheus scraping /metrics: SKIPPED, ${PROMETHEUS} is absent (Debian package prometheus)`;

/** One answer of Prometheus' instant query API. */
interface QueryAnswer {
  status: string;
  data: { result: { metric: Record<string, string>; value: [number, string] }[] };
}

describe.skipIf(!installed)(title, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let node: LocalNode;
  let prometheus: ChildProcess | undefined;
  let prometheusLog = '';
  let api: string;
  let running: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const dataDir = dirname(database.config.url);
    const config: PanelConfig = { port: 0, host: '127.0.0.1', dataDir, db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 };
    // Health checks, samples and collection every second instead of every 5 and 10: the test waits seconds, not minutes.
    app = await buildApp({ config, webDist: '/nonexistent-web-dist', nodeHealthMs: 1000, metrics: { intervalMs: 1000 } });
    await app.ready();
    node = await startLocalNode(app, { autostart: false, stats: { intervalMs: 1000 } });
    const admin = await createSignedInUser(app, [Scopes.ServersAdmin]);
    const localNodeId = (await app.panel.repo.nodes.local())!.id;
    running = await createTestServer(app, admin, localNodeId, 'scraped');
    await createTestServer(app, admin, localNodeId, 'idle');
    await (await app.panel.nodes.forNode(localNodeId)).power(panelCaller, running, 'start', { wait: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const panelPort = (app.server.address() as AddressInfo).port;

    // The token of an account holding metrics.view only, in a file as Prometheus reads it.
    const scraper = await createSignedInUser(app, [Scopes.MetricsView]);
    const folder = join(dataDir, 'prometheus');
    await mkdir(folder);
    const tokenFile = join(folder, 'outpost.token');
    await writeFile(tokenFile, scraper.token, { mode: 0o600 });
    // The same account's OAuth2 client: it carries the account's panel scopes.
    const made = await app.inject({ method: 'POST', url: '/api/self/oauth2', headers: scraper.headers, payload: { name: 'prometheus' } });
    const { client_id: clientId, client_secret: clientSecret } = made.json() as { client_id: string; client_secret: string };
    const secretFile = join(folder, 'outpost.secret');
    await writeFile(secretFile, clientSecret, { mode: 0o600 });
    const configFile = join(folder, 'prometheus.yml');
    await writeFile(
      configFile,
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        'scrape_configs:',
        '  - job_name: outpost',
        '    metrics_path: /metrics',
        '    authorization:',
        '      type: Bearer',
        `      credentials_file: ${tokenFile}`,
        '    static_configs:',
        `      - targets: ['127.0.0.1:${panelPort}']`,
        '  - job_name: outpost-oauth2',
        '    metrics_path: /metrics',
        '    oauth2:',
        `      client_id: ${clientId}`,
        `      client_secret_file: ${secretFile}`,
        `      token_url: http://127.0.0.1:${panelPort}/oauth2/token`,
        '    static_configs:',
        `      - targets: ['127.0.0.1:${panelPort}']`,
        '',
      ].join('\n'),
    );
    const listen = `127.0.0.1:${await freePort()}`;
    api = `http://${listen}/api/v1`;
    prometheus = spawn(PROMETHEUS, [`--config.file=${configFile}`, `--storage.tsdb.path=${join(folder, 'data')}`, `--web.listen-address=${listen}`, '--log.level=warn'], { stdio: ['ignore', 'ignore', 'pipe'] });
    prometheus.stderr!.on('data', (chunk: Buffer) => (prometheusLog = (prometheusLog + chunk.toString()).slice(-4000)));
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await node?.stop();
    await app?.close();
    await database?.drop();
  });

  async function query(promql: string): Promise<QueryAnswer['data']['result']> {
    const res = await fetch(`${api}/query?query=${encodeURIComponent(promql)}`);
    const answer = (await res.json()) as QueryAnswer;
    expect(answer.status).toBe('success');
    return answer.data.result;
  }

  it.each(['outpost', 'outpost-oauth2'])('stores outpost_server_up 1 for the running server, 0 for the idle one, and the node as up (job %s)', async (job) => {
    await vi.waitFor(
      async () => {
        expect(prometheus!.exitCode, prometheusLog).toBeNull();
        const up = await query(`outpost_server_up{job="${job}"}`).catch((error: Error) => {
          throw new Error(`Prometheus does not answer yet (${error.message}); its log: ${prometheusLog}`);
        });
        const byName = Object.fromEntries(up.map(({ metric, value }) => [metric.name, { ...metric, value: value[1] }]));
        expect(byName.scraped, JSON.stringify(up)).toMatchObject({ server: running, value: '1' });
        expect(byName.idle).toMatchObject({ value: '0' });
      },
      { timeout: 45_000, interval: 500 },
    );
    const memory = await query(`outpost_server_memory_bytes{job="${job}",server="${running}"}`);
    expect(Number(memory[0].value[1])).toBeGreaterThan(1_000_000);
    expect((await query(`outpost_node_up{job="${job}"}`)).map(({ value }) => value[1])).toEqual(['1']);
    // The scrape itself succeeded with its credentials: Prometheus' own view of its target.
    expect((await query(`up{job="${job}"}`)).map(({ value }) => value[1])).toEqual(['1']);
  });
});
