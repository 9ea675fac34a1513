// Two panels on one PostgreSQL database, as several instances behind a load balancer run (issue 34):
// what one writes, the other's cache drops at once; access ended on one closes the live
// connections held on the other; exactly one leads the once-only jobs, and the other takes them
// when the leader's connection ends.
import { Scopes } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { testDialects } from '../../test/testDatabase.js';
import { startTwoPanels, type TwoPanels } from '../../test/twoPanels.js';

const onPostgres = testDialects().includes('postgres');

describe.skipIf(!onPostgres)('panels sharing one PostgreSQL', () => {
  let panels: TwoPanels;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    panels = await startTwoPanels('postgres', { leadRetryMs: 100 });
    ({ a, b } = panels);
  });
  afterAll(async () => {
    await panels?.close();
  });

  const url = (app: FastifyInstance, path: string) => panels.url(app, path);
  const self = (app: FastifyInstance, token: string) => fetch(url(app, '/api/self'), { headers: { authorization: `Bearer ${token}` } });

  it('a logout on one panel is refused by the other at once, not when its cached session ages out', async () => {
    const user = await createSignedInUser(a, []);
    // B reads the session now, so its cache holds it for up to a second.
    expect((await self(b, user.token)).status).toBe(200);
    const loggedOut = await fetch(url(a, '/auth/logout'), { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(loggedOut.status).toBeLessThan(300);
    const at = performance.now();
    await vi.waitFor(async () => expect((await self(b, user.token)).status).toBe(401), { timeout: 400, interval: 20 });
    expect(performance.now() - at).toBeLessThan(400);
  });

  it("a password changed on one panel closes the user's live list held on the other within a second", async () => {
    const admin = await createSignedInUser(a, [Scopes.ServersAdmin, Scopes.UsersEdit, Scopes.UsersView]);
    const user = await createSignedInUser(a, []);
    const ws = new WebSocket(url(b, '/api/servers/live').replace('http', 'ws'), { headers: { authorization: `Bearer ${user.token}` } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', () => resolve(performance.now())));
    const changed = await fetch(url(a, `/api/users/${user.id}`), {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a brand new password' }),
    });
    expect(changed.status, await changed.text()).toBeLessThan(300);
    const at = performance.now();
    expect((await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 1000))])) - at).toBeLessThan(1000);
  });

  it('exactly one panel leads the once-only jobs, and the other takes over when its connection ends', async () => {
    await vi.waitFor(() => expect([a, b].filter((app) => app.panel.cluster.leadership.leading)).toHaveLength(1), { timeout: 3000, interval: 50 });
    const leader = a.panel.cluster.leadership.leading ? a : b;
    const follower = leader === a ? b : a;
    // GET /health says which one, for an operator looking for it.
    const health = async (app: FastifyInstance) => ((await (await fetch(url(app, '/health'))).json()) as { leader: boolean }).leader;
    expect([await health(leader), await health(follower)]).toEqual([true, false]);
    // The leader's lock connection ends (as when its process dies): PostgreSQL frees the lock.
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`.execute(leader.panel.db);
    await vi.waitFor(() => expect(follower.panel.cluster.leadership.leading).toBe(true), { timeout: 3000, interval: 50 });
    // The old leader learnt it lost the lead, and does not take it back while the other holds it.
    await vi.waitFor(() => expect(leader.panel.cluster.leadership.leading).toBe(false), { timeout: 3000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([a, b].filter((app) => app.panel.cluster.leadership.leading)).toHaveLength(1);
  });
});
