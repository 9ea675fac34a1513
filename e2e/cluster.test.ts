// Several panels, one community (issue 34), end to end: PostgreSQL, HAProxy from deploy/haproxy.cfg,
// three panel-only `outpost run` instances and two `outpost daemon` nodes, over raw HTTP and
// WebSocket through HAProxy, then one browser. One instance is SIGKILLed during use, another stopped
// with SIGTERM; each is started again after, so later tests find three.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, consoleText, openBrowser, screenshot, signIn, startCluster, type RunningCluster } from './support';

const postgres = process.env.OUTPOST_TEST_POSTGRES_URL;
let cluster: RunningCluster;
let serverId = '';

/** Prints `line <n>` every 100 ms, from 0 on. */
const counting = { run: { command: [process.execPath, '-e', "let n = 0; setInterval(() => console.log('line ' + n++), 100)"], stopCode: 15 }, supportedEnvironments: [{ type: 'standard' }] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The numbers of the `line <n>` lines in `text`. */
const lineNumbers = (text: string) => [...text.matchAll(/line (\d+)/g)].map((m) => Number(m[1]));

/**
 * The console socket of the test server through HAProxy, as the web app holds it: it asks for a
 * replay since the last console epoch it saw on every open, and answers which instance serves it.
 */
async function openConsole(since?: number) {
  const socket = new WebSocket(`${cluster.url.replace(/^http/, 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { authorization: `Bearer ${cluster.session}` } });
  let text = '';
  let epoch = since;
  let instance: string | null = null;
  socket.once('upgrade', (response) => (instance = String(response.headers['x-outpost-instance'] ?? '')));
  socket.on('message', (raw) => {
    const event = JSON.parse(raw.toString()) as { type: string; data: { logs?: string[]; epoch?: number } };
    if (event.type !== 'console') return;
    text += (event.data.logs ?? []).join('');
    if (event.data.epoch !== undefined) epoch = event.data.epoch;
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'replay', data: since === undefined ? {} : { since } }));
  return { text: () => text, epoch: () => epoch, instance: () => instance, closed, close: () => socket.close() };
}

/** Reconnects as the web app does (500 ms, then 500 ms more each failure) until a socket opens. */
async function reconnectConsole(since: number | undefined) {
  for (let failures = 0; ; failures++) {
    try {
      return await openConsole(since);
    } catch (error) {
      if (failures >= 5) throw error;
      await sleep(500 + 500 * failures);
    }
  }
}

describe.runIf(postgres)('several panels behind HAProxy (issue 34)', () => {
  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, daemons: 2, drainSeconds: 4 });
    const created = await cluster.call('POST', '/api/servers', { name: 'counts on', node: cluster.nodeIds[0], template: counting, environment: { type: 'standard' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    serverId = created.body.id;
    expect((await cluster.call('POST', `/proxy/daemon/server/${serverId}/start`)).status).toBe(204);
  }, 180_000);

  afterAll(async () => {
    if (serverId) await cluster?.call('POST', `/proxy/daemon/server/${serverId}/kill?wait=true`).catch(() => undefined);
    await cluster?.stop();
  });

  it('signs in through HAProxy, and the session works on each instance directly', async () => {
    const login = await fetch(`${cluster.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('outpost_session='))!.split(';')[0];
    for (const instance of cluster.instances) {
      const self = await fetch(`${instance.url}/api/self`, { headers: { cookie } });
      expect(self.status, instance.name).toBe(200);
      expect(await self.json()).toMatchObject({ email: admin.email });
    }
  });

  it('answers GET /health ok through HAProxy and on each instance', async () => {
    for (const url of [cluster.url, ...cluster.instances.map((i) => i.url)]) {
      const res = await fetch(`${url}/health`);
      expect(res.status, url).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok' });
    }
  });

  it("SIGKILL of a socket's instance: requests keep working, the socket is back within 5 s and reads on from its last line, acknowledged writes stay", async () => {
    const first = await openConsole();
    await expect.poll(() => lineNumbers(first.text()).length, { timeout: 20_000 }).toBeGreaterThan(5);
    const victim = cluster.indexOf(first.instance());
    expect(victim, `served by ${first.instance()}`).toBeGreaterThanOrEqual(0);

    // Writes and reads through HAProxy all along: each write answered 204 must survive. A request
    // the killed instance was answering at that moment may fail (its answer is lost with it); any
    // request sent after the kill must not.
    const acknowledged: string[] = [];
    const failed: Array<{ at: number; what: string }> = [];
    let writing = true;
    let killedAt = Infinity;
    const traffic = (async () => {
      for (let n = 0; writing; n++) {
        const id = `kill-write-${n}`;
        let at = Date.now();
        const write = await cluster.call('PUT', `/api/templates/${id}`, { ...counting, display: id }).catch((error: Error) => ({ status: 0, body: error.message }));
        if (write.status === 204) acknowledged.push(id);
        else failed.push({ at, what: `PUT ${id}: ${write.status} ${JSON.stringify(write.body)}` });
        at = Date.now();
        const read = await cluster.call('GET', '/api/servers').catch((error: Error) => ({ status: 0, body: error.message }));
        if (read.status !== 200) failed.push({ at, what: `GET /api/servers: ${read.status} ${JSON.stringify(read.body)}` });
        await sleep(20);
      }
    })();
    await sleep(500);

    killedAt = Date.now();
    await cluster.kill(victim);
    const code = await first.closed;
    expect(code).not.toBe(1000);
    const second = await reconnectConsole(first.epoch());
    // The replay since the last epoch arrives first, then live lines.
    await expect.poll(() => lineNumbers(second.text()).length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    expect(second.instance()).not.toBe(first.instance());

    await sleep(1500);
    writing = false;
    await traffic;
    second.close();

    // Read on from its last line: nothing before it again, no line lost, none twice (the daemon's
    // session holds live text until the replay, ServerSession).
    const before = lineNumbers(first.text());
    const after = lineNumbers(second.text());
    expect(after[0]).toBe(before.at(-1)! + 1);
    expect(after).toEqual(after.map((_, k) => after[0] + k));

    expect(failed.filter(({ at }) => at >= killedAt).map(({ what }) => what)).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(1);
    expect(acknowledged.length).toBeGreaterThan(10);
    const templates = (await cluster.call('GET', '/api/templates')).body as Array<{ id: string }>;
    const stored = new Set(templates.map((t) => t.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    await cluster.restart(victim);
    await cluster.waitForHaproxy(victim, true);
  });

  it('SIGTERM: the instance answers /health 503 at once, serves on while HAProxy marks it down, and exits 0', async () => {
    // leastconn hands three new sockets one to each instance.
    const held = await Promise.all([openConsole(), openConsole(), openConsole()]);
    const onTarget = held.find((socket) => socket.instance() === cluster.instances[1].name);
    expect(onTarget, held.map((socket) => socket.instance()).join()).toBeDefined();
    const target = 1;
    const signalledAt = Date.now();
    const stopping = cluster.terminate(target);
    await expect.poll(async () => (await fetch(`${cluster.instances[target].url}/health`).catch(() => undefined))?.status, { timeout: 2000, interval: 50 }).toBe(503);
    // Still answering while draining; HAProxy stops sending it requests.
    expect((await cluster.call('GET', '/api/servers', undefined, target)).status).toBe(200);
    await cluster.waitForHaproxy(target, false);
    for (let k = 0; k < 6; k++) expect((await cluster.call('GET', '/api/servers')).status).toBe(200);
    // Its sockets close with 1012 (service restart) once the drain is over, and reconnect elsewhere.
    expect(await onTarget!.closed).toBe(1012);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(3900);
    expect(await stopping).toBe(0);
    expect(cluster.instances[target].output()).toContain('Draining for 4 s');
    const moved = await openConsole();
    expect(moved.instance()).not.toBe(cluster.instances[target].name);
    for (const socket of [...held, moved]) socket.close();

    await cluster.restart(target);
    await cluster.waitForHaproxy(target, true);
  });

  it("a browser on the server page through HAProxy gets its console back without a reload when its instance dies", async () => {
    const browser = await openBrowser(cluster.url);
    try {
      const { page } = browser;
      // Three panels, two daemons, HAProxy and Chromium share two cores here.
      browser.context.setDefaultTimeout(30_000);
      await signIn(page, admin);
      await page.goto(`/server/${serverId}`);
      await expect.poll(() => consoleText(page), { timeout: 20_000 }).toMatch(/line \d+/);
      // The page's live sockets are the only long connections: kill every instance holding one but the last.
      let held: number[] = [];
      await expect.poll(async () => (held = (await cluster.connections()).flatMap((n, i) => (n > 0 ? [i] : []))).length, { timeout: 5000 }).toBeGreaterThan(0);
      const victims = held.slice(0, 2);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const last = Math.max(...lineNumbers(await consoleText(page)));
      for (const i of victims) await cluster.kill(i);

      await expect.poll(async () => Math.max(...lineNumbers(await consoleText(page))), { timeout: 10_000 }).toBeGreaterThan(last + 20);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      // Over its socket again, held by an instance still alive (not the HTTP replay it polls meanwhile).
      await expect.poll(async () => (await cluster.connections()).some((n, i) => n > 0 && !victims.includes(i)), { timeout: 5000 }).toBe(true);
      // No line lost across the failover, none shown twice.
      const shown = lineNumbers(await consoleText(page));
      expect(shown).toEqual(shown.map((_, k) => shown[0] + k));
      await screenshot(page, 'cluster-console-after-failover');
      for (const i of victims) {
        await cluster.restart(i);
        await cluster.waitForHaproxy(i, true);
      }
    } finally {
      await browser.close();
    }
  });
});
