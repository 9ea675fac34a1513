// Several panels, one community (issue 34): what one instance does, every other answers alike at
// once. PostgreSQL, HAProxy, three panel-only `outpost run` instances and two `outpost daemon`
// nodes (e2e/support/startCluster), called over raw HTTP and WebSocket straight at each instance,
// so each check names which instance acts and which one must notice.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningCluster } from './support';

const postgres = process.env.OUTPOST_TEST_POSTGRES_URL;
let cluster: RunningCluster;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prints a line every 100 ms. */
const talking = { run: { command: [process.execPath, '-e', "setInterval(() => console.log('tick'), 100)"], stopCode: 15 }, supportedEnvironments: [{ type: 'standard' }] };
/** Exits 3 at once: a crash the node logs. */
const crashing = { run: { command: [process.execPath, '-e', "console.log('falling over'); process.exit(3)"] }, supportedEnvironments: [{ type: 'standard' }] };

/** A raw JSON call straight to one instance (no HAProxy) with `token`. */
async function callOn(i: number, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${cluster.instances[i].url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function login(i: number, email: string, password: string) {
  const res = await fetch(`${cluster.instances[i].url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return { status: res.status, body: (await res.json()) as { session?: string; error?: { code: string } } };
}

/** Which instances say they lead the once-only jobs, by index. */
async function leaders(): Promise<number[]> {
  const answers = await Promise.all(
    cluster.instances.map(async (instance, i) => {
      if (!instance.running()) return -1;
      const health = (await (await fetch(`${instance.url}/health`)).json()) as { leader: boolean };
      return health.leader ? i : -1;
    }),
  );
  return answers.filter((i) => i >= 0);
}

describe.runIf(postgres)('instances answer alike (issue 34)', () => {
  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, daemons: 2, drainSeconds: 0 });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("a console socket held on instance A closes within a second when instance B takes the user's permission", async () => {
    const server = await cluster.call('POST', '/api/servers', { name: 'shared console', node: cluster.nodeIds[0], template: talking, environment: { type: 'standard' } }, 0);
    expect(server.status, JSON.stringify(server.body)).toBe(200);
    const id = server.body.id as string;
    const email = 'friend@example.com';
    const password = 'a friend of the owner';
    expect((await cluster.call('POST', '/api/users', { username: 'friend', email, password }, 0)).status).toBe(200);
    expect((await cluster.call('PUT', `/api/servers/${id}/user/${email}`, { viewServerConsole: true }, 1)).status).toBe(204);
    const signedIn = await login(0, email, password);
    expect(signedIn.status).toBe(200);

    const socket = new WebSocket(`${cluster.instances[0].url.replace(/^http/, 'ws')}/proxy/daemon/socket/${id}`, { headers: { authorization: `Bearer ${signedIn.body.session}` } });
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });

    const taken = await cluster.call('DELETE', `/api/servers/${id}/user/${encodeURIComponent(email)}`, undefined, 1);
    expect(taken.status, JSON.stringify(taken.body)).toBe(204);
    const at = performance.now();
    const closedAt = await Promise.race([closed, sleep(1000).then(() => Number.POSITIVE_INFINITY)]);
    expect(closedAt - at).toBeLessThan(1000);
    // And instance C refuses the friend at once.
    expect((await callOn(2, signedIn.body.session!, 'GET', `/api/servers/${id}`)).status).toBe(403);
  });

  it('20 wrong passwords split across the three instances get exactly 5 checked', async () => {
    const email = 'guessed@example.com';
    expect((await cluster.call('POST', '/api/users', { username: 'guessed', email, password: 'the right password' }, 0)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => login(n % 3, email, `wrong guess ${n}`)));
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(answers.filter((a) => a.status !== 429).map((a) => a.body.error?.code)).toEqual(Array(5).fill('ErrInvalidCredentials'));
    // The owner, from the same address, is locked out on every instance alike until the window ends.
    expect((await login(2, email, 'the right password')).status).toBe(429);
  });

  it("a server created on instance A shows in instance B's list within a second", async () => {
    // B has just read its list (and may hold it in its cache).
    const before = await cluster.call('GET', '/api/servers?limit=100', undefined, 1);
    expect(before.status).toBe(200);
    const created = await cluster.call('POST', '/api/servers', { name: 'made on A', node: cluster.nodeIds[1], template: talking, environment: { type: 'standard' } }, 0);
    expect(created.status).toBe(200);
    const at = performance.now();
    for (;;) {
      const list = await cluster.call('GET', '/api/servers?limit=100', undefined, 1);
      if ((list.body.servers as Array<{ id: string }>).some((s) => s.id === created.body.id)) break;
      expect(performance.now() - at).toBeLessThan(1000);
      await sleep(20);
    }
    expect(performance.now() - at).toBeLessThan(1000);
  });

  it('the once-only jobs run on one instance, and move when it dies: a remote crash is logged once either side', async () => {
    await expect.poll(leaders, { timeout: 10_000 }).toHaveLength(1);
    const [leader] = await leaders();
    const server = await cluster.call('POST', '/api/servers', { name: 'crashes', node: cluster.nodeIds[1], template: crashing, environment: { type: 'standard' } }, leader);
    expect(server.status).toBe(200);
    const id = server.body.id as string;
    const crashes = async () => {
      const other = cluster.instances.findIndex((instance) => instance.running());
      const res = await cluster.call('GET', `/api/activity?limit=100&server=${id}&event=server.crashed`, undefined, other);
      return (res.body.activity as unknown[]).length;
    };
    expect((await cluster.call('POST', `/proxy/daemon/server/${id}/start`)).status).toBe(204);
    await expect.poll(crashes, { timeout: 20_000 }).toBe(1);

    await cluster.kill(leader);
    // Another instance takes the lead once PostgreSQL sees the old one's connection gone.
    await expect.poll(leaders, { timeout: 10_000, interval: 200 }).toHaveLength(1);
    expect(await leaders()).not.toContain(leader);
    await cluster.waitForHaproxy(leader, false);
    expect((await cluster.call('POST', `/proxy/daemon/server/${id}/start`)).status).toBe(204);
    await expect.poll(crashes, { timeout: 20_000 }).toBe(2);
    // Nothing the old leader logged is logged again by the new one.
    await sleep(2000);
    expect(await crashes()).toBe(2);

    // Back again, it follows: still one leader.
    await cluster.restart(leader);
    await cluster.waitForHaproxy(leader, true);
    await sleep(1500);
    expect(await leaders()).toHaveLength(1);
  });
});
