// GET /metrics over raw HTTP, as Prometheus calls it: who may read it, and what a running server
// on the local node, its node, SFTP sessions, sockets and the panel's own requests look like in it.
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { panelCaller } from '@outpost/daemon';
import { Scopes } from '@outpost/shared';
import { createSignedInUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { parseMetrics, type Series } from '../../test/parseMetrics.js';

let t: NodeTestApp;
let root: string;
let running: string;
let stopped: string;

beforeAll(async () => {
  t = await createNodeTestApp();
  running = await createTestServer(t.app, t.admin, t.localNodeId, 'metrics-running');
  stopped = await createTestServer(t.app, t.admin, t.localNodeId, 'metrics-stopped');
  await (await t.app.panel.nodes.forNode(t.localNodeId)).power(panelCaller, running, 'start', { wait: true });
  await vi.waitFor(() => expect(t.node.daemon.servers.get(running).console.replay().logs.join('')).toContain('ready'), { timeout: 20_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** One round of what runs every 10 s: the node samples its servers, the panel checks the node and collects. */
async function round(): Promise<void> {
  await t.node.daemon.samples.sample();
  await t.app.panel.nodeHealth.checkAll();
  await t.app.panel.metrics.collector.collectAll();
}

const scrape = (token?: string) => fetch(`${root}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function seriesOf(token = t.admin.token): Promise<Series[]> {
  const res = await scrape(token);
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

const find = (all: Series[], name: string, labels: Record<string, string> = {}) =>
  all.filter((series) => series.name === name && Object.entries(labels).every(([key, value]) => series.labels[key] === value));

describe('GET /metrics', () => {
  it('refuses no token (401) and a token without metrics.view (403), with the usual error body', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'ErrSessionTimedOut' } });

    const nodesViewer = await createSignedInUser(t.app, [Scopes.NodesView, Scopes.ActivityView]);
    const refused = await scrape(nodesViewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'ErrMissingScope', metadata: { scope: Scopes.MetricsView } } });
    // Everything on a server is still nothing on the panel's metrics.
    const owner = await createServerUser(t.app, running, { viewServerStats: true, viewServerConsole: true, editServerData: true });
    expect((await scrape(owner.token)).status).toBe(403);
  });

  it('answers a metrics.view holder and an administrator in the text format, an account client of the holder too', async () => {
    const watcher = await createSignedInUser(t.app, [Scopes.MetricsView]);
    const res = await scrape(watcher.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toMatch(/^# HELP outpost_/m);
    expect((await scrape(t.admin.token)).status).toBe(200);

    const made = await fetch(`${root}/api/self/oauth2`, { method: 'POST', headers: { ...watcher.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'prometheus' }) });
    const { client_id, client_secret } = (await made.json()) as { client_id: string; client_secret: string };
    const token = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    expect((await scrape(((await token.json()) as { access_token: string }).access_token)).status).toBe(200);
  });

  it("shows the running server's state, CPU and memory by id, name and node, and the stopped one as down", async () => {
    await round();
    const all = await seriesOf();
    const labels = { server: running, name: 'metrics-running', node: String(t.localNodeId) };
    expect(find(all, 'outpost_server_up', labels).map((series) => series.value)).toEqual([1]);
    const [memory] = find(all, 'outpost_server_memory_bytes', labels);
    expect(memory.value).toBeGreaterThan(1_000_000);
    // The same numbers the history keeps: the collector's newest sample, not a second reading.
    const newest = t.app.panel.metrics.collector.latest().get(running)!.sample;
    expect(memory.value).toBe(newest.memory);
    expect(find(all, 'outpost_server_cpu_percent', labels).map((series) => series.value)).toEqual([newest.cpu]);
    expect(newest.cpu).toBeGreaterThanOrEqual(0);

    expect(find(all, 'outpost_server_up', { server: stopped, name: 'metrics-stopped' }).map((series) => series.value)).toEqual([0]);
    expect(find(all, 'outpost_server_memory_bytes', { server: stopped })).toEqual([]);
    // No game query on the echo server: no players series rather than a made-up 0.
    expect(find(all, 'outpost_server_players')).toEqual([]);

    const node = (await t.app.panel.repo.nodes.local())!;
    expect(find(all, 'outpost_node_up', { node: String(node.id), name: node.name }).map((series) => series.value)).toEqual([1]);
  });

  it('shows a server that stopped as down from the next round', async () => {
    const id = await createTestServer(t.app, t.admin, t.localNodeId, 'metrics-brief');
    const client = await t.app.panel.nodes.forNode(t.localNodeId);
    await client.power(panelCaller, id, 'start', { wait: true });
    await round();
    expect(find(await seriesOf(), 'outpost_server_up', { server: id }).map((series) => series.value)).toEqual([1]);
    await client.power(panelCaller, id, 'stop', { wait: true });
    await round();
    const all = await seriesOf();
    expect(find(all, 'outpost_server_up', { server: id }).map((series) => series.value)).toEqual([0]);
    expect(find(all, 'outpost_server_cpu_percent', { server: id })).toEqual([]);
    // The other one runs on.
    expect(find(all, 'outpost_server_up', { server: running }).map((series) => series.value)).toEqual([1]);
  });

  it("counts the panel's requests by route pattern, not by URL, with their durations", async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${root}/api/servers/${running}`, { headers: t.admin.headers })).status).toBe(200);
    await fetch(`${root}/api/servers/0badc0de`, { headers: t.admin.headers });
    await fetch(`${root}/no/such/path/${running}`);
    const all = await seriesOf();
    expect(find(all, 'outpost_http_requests_total', { method: 'GET', route: '/api/servers/:id', status: '200' })[0].value).toBeGreaterThanOrEqual(3);
    expect(find(all, 'outpost_http_requests_total', { method: 'GET', route: '/api/servers/:id', status: '404' })[0].value).toBe(1);
    expect(find(all, 'outpost_http_requests_total', { route: 'unmatched', status: '404' })[0].value).toBe(1);
    expect(all.filter((series) => series.name.startsWith('outpost_http_') && Object.values(series.labels).some((value) => value.includes(running)))).toEqual([]);
    const [count] = find(all, 'outpost_http_request_duration_seconds_count', { method: 'GET', route: '/api/servers/:id' });
    expect(count.value).toBeGreaterThanOrEqual(4);
    expect(find(all, 'outpost_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/servers/:id', le: '+Inf' })[0].value).toBe(count.value);
    // prom-client's process metrics, under the same prefix.
    expect(find(all, 'outpost_process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(all, 'outpost_nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('counts open SFTP sessions on the node and open sockets on the panel', async () => {
    const user = await createServerUser(t.app, running, { sftpServer: true });
    const sftp = new ssh2.Client();
    await new Promise<void>((resolve, reject) => sftp.on('ready', resolve).on('error', reject).connect({ host: '127.0.0.1', port: t.node.daemon.sftpPort!, username: `${user.email}|${running}`, password: user.password }));
    const socket = new WebSocket(`${root.replace('http', 'ws')}/api/servers/live`, { headers: t.admin.headers });
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    try {
      await t.app.panel.nodeHealth.checkAll();
      const all = await seriesOf();
      expect(find(all, 'outpost_sftp_sessions', { node: String(t.localNodeId) }).map((series) => series.value)).toEqual([1]);
      expect(find(all, 'outpost_open_sockets').map((series) => series.value)).toEqual([1]);
    } finally {
      sftp.end();
      socket.close();
    }
    await vi.waitFor(async () => {
      await t.app.panel.nodeHealth.checkAll();
      const all = await seriesOf();
      expect(find(all, 'outpost_sftp_sessions').map((series) => series.value)).toEqual([0]);
      expect(find(all, 'outpost_open_sockets').map((series) => series.value)).toEqual([0]);
    });
  });

  it("shows a server's disk and players once its node sampled them", async () => {
    // A game whose query answered, as the node would send it (the game query has its own tests).
    // Last: a round made here is the node's newest, so the real servers count as down until its next.
    await t.app.panel.repo.servers.insert({ id: 'cafe0032', name: 'metrics-game', node_id: t.localNodeId, ip: '', port: null, type: 'test', created_at: 0 });
    await t.app.panel.metrics.collector.record(t.localNodeId, [{ server: 'cafe0032', t: Date.now(), cpu: 12.5, memory: 3 * 1024 ** 2, disk: 5 * 1024 ** 2, players: 7 }]);
    const all = await seriesOf();
    const labels = { server: 'cafe0032', name: 'metrics-game', node: String(t.localNodeId) };
    expect(find(all, 'outpost_server_players', labels).map((series) => series.value)).toEqual([7]);
    expect(find(all, 'outpost_server_disk_bytes', labels).map((series) => series.value)).toEqual([5 * 1024 ** 2]);
    expect(find(all, 'outpost_server_cpu_percent', labels).map((series) => series.value)).toEqual([12.5]);
    await t.app.panel.repo.servers.delete('cafe0032');
    t.app.panel.metrics.collector.forget('cafe0032');
    expect(find(await seriesOf(), 'outpost_server_up', { server: 'cafe0032' })).toEqual([]);
  });
});
