import type { AddressInfo } from 'node:net';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, echoDefinition, type NodeTestApp } from '../../test/serverFixtures.js';
import { saveTemplate } from '../../services/saveTemplate.js';

/**
 * A new server's limits (issue 30), as a third-party client sets them: raw HTTP on loopback with a
 * bearer token, against the real local node. Setting them is servers.edit.admin's; a template's own
 * limits are the new server's default.
 */
describe('limits on POST /api/servers', () => {
  let t: NodeTestApp;
  let root: string;
  let creator: TestUser;
  let limiter: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    creator = await createSignedInUser(t.app, [Scopes.ServersCreate, Scopes.ServersView]);
    limiter = await createSignedInUser(t.app, [Scopes.ServersCreate, Scopes.ServersView, Scopes.ServersEditAdmin]);
    await saveTemplate(t.app.panel.repo, 'echo', echoDefinition);
    await saveTemplate(t.app.panel.repo, 'small', { ...echoDefinition, limits: { memory: 256, cpu: 50 } });
  });
  afterAll(() => t?.close());

  const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const create = (user: TestUser, body: Record<string, unknown>) => call(user, 'POST', '/api/servers', { node: t.localNodeId, environment: { type: 'standard' }, ...body });
  /** The limits in the server's definition, as its Admin tab reads them. */
  const limitsOf = async (id: string) => (await call(t.admin, 'GET', `/proxy/daemon/server/${id}/definition`)).json.limits;

  it('gives the new server the limits sent by a servers.edit.admin holder, in place of the template\'s', async () => {
    const res = await create(limiter, { name: 'limited', template: 'small', limits: { memory: 512, cpu: 150, processes: 64, disk: 2048 } });
    expect(res.status).toBe(200);
    expect(await limitsOf(res.json.id)).toEqual({ memory: 512, cpu: 150, processes: 64, disk: 2048 });
  });

  it('refuses limits from a creator without servers.edit.admin with 403, creating nothing; without limits they may create', async () => {
    const before = t.node.daemon.servers.list().length;
    const refused = await create(creator, { name: 'wants more', template: 'echo', limits: { memory: 4096 } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: 'servers.edit.admin' } });
    expect(t.node.daemon.servers.list()).toHaveLength(before);
    const plain = await create(creator, { name: 'no limits sent', template: 'echo' });
    expect(plain.status).toBe(200);
    expect(await limitsOf(plain.json.id)).toBeUndefined();
  });

  it("takes a template's limits as the default, for any creator", async () => {
    const res = await create(creator, { name: 'template default', template: 'small' });
    expect(res.status).toBe(200);
    expect(await limitsOf(res.json.id)).toEqual({ memory: 256, cpu: 50 });
  });

  it('takes limits inside a whole definition, at the top level or under template', async () => {
    const top = await create(t.admin, { name: 'top level', ...echoDefinition, limits: { processes: 32 } });
    expect(top.status).toBe(200);
    expect(await limitsOf(top.json.id)).toEqual({ processes: 32 });
    const nested = await create(t.admin, { name: 'nested', template: { ...echoDefinition, limits: { disk: 100 } } });
    expect(nested.status).toBe(200);
    expect(await limitsOf(nested.json.id)).toEqual({ disk: 100 });
  });

  it('refuses limits that are not whole non-negative numbers with 400', async () => {
    for (const limits of [{ memory: -1 }, { cpu: 1.5 }, { disk: 'lots' }]) {
      const res = await create(limiter, { name: 'bad limits', template: 'echo', limits });
      expect(res.status, JSON.stringify(limits)).toBe(400);
    }
    expect((await create(t.admin, { name: 'bad nested', template: { ...echoDefinition, limits: { memory: -5 } } })).status).toBe(400);
  });

  it("changes limits later through the definition, for servers.edit.admin only; the server's stats then answer them", async () => {
    const { id } = (await create(limiter, { name: 'changed later', template: 'echo' })).json;
    const editor = await createServerUser(t.app, id, { editServerData: true, viewServerStats: true });
    const definition = (await call(t.admin, 'GET', `/proxy/daemon/server/${id}/definition`)).json;
    const refused = await call(editor, 'POST', `/proxy/daemon/server/${id}/definition`, { ...definition, limits: { memory: 64 } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: 'servers.edit.admin' } });
    expect((await call(t.admin, 'POST', `/proxy/daemon/server/${id}/definition`, { ...definition, limits: { memory: 64, disk: 10 } })).status).toBe(204);
    expect(await limitsOf(id)).toEqual({ memory: 64, disk: 10 });
    const stats = await call(editor, 'GET', `/proxy/daemon/server/${id}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.json.limits).toMatchObject({ memory: 64, disk: 10 });
  });
});
