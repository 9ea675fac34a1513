import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

describe('/api/self/notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', user: TestUser | { headers: Record<string, string> } | null, payload?: unknown) =>
    t.app.inject({ method, url: '/api/self/notifications', headers: user?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('starts with nothing chosen, keeps a choice in the screen order, and shows it again', async () => {
    const user = await createSignedInUser(t.app);
    expect((await call('GET', user)).json()).toEqual({ events: [] });
    const saved = await call('PUT', user, { events: ['node.offline', 'server.crashed'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ events: ['server.crashed', 'node.offline'] });
    expect((await call('GET', user)).json()).toEqual({ events: ['server.crashed', 'node.offline'] });
    expect((await call('PUT', user, { events: [] })).json()).toEqual({ events: [] });
    expect((await call('GET', user)).json()).toEqual({ events: [] });
  });

  it('refuses an event that cannot be mailed, a repeated one or a missing list with 400 and the field, keeping the old choice', async () => {
    const user = await createSignedInUser(t.app);
    await call('PUT', user, { events: ['server.backup.failed'] });
    for (const payload of [{ events: ['server.started'] }, { events: ['server.crashed', 'nonsense'] }, { events: ['server.crashed', 'server.crashed'] }, {}]) {
      const res = await call('PUT', user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('ErrFieldRequired');
      expect(res.json().error.metadata.field).toMatch(/^events/);
    }
    expect((await call('GET', user)).json()).toEqual({ events: ['server.backup.failed'] });
  });

  it("keeps each user's choice to themselves", async () => {
    const one = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await call('PUT', one, { events: ['server.crashed', 'server.restart.gaveup'] });
    expect((await call('GET', other)).json()).toEqual({ events: [] });
    await call('PUT', other, { events: ['node.offline'] });
    expect((await call('GET', one)).json()).toEqual({ events: ['server.crashed', 'server.restart.gaveup'] });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', null)).statusCode).toBe(401);
    const put = await call('PUT', null, { events: ['server.crashed'] });
    expect(put.statusCode).toBe(401);
    expect(put.json().error.code).toBe('ErrSessionTimedOut');
  });

  it("lets an account's OAuth2 client read the choice but not change it, as /api/self", async () => {
    const user = await createSignedInUser(t.app);
    await call('PUT', user, { events: ['server.crashed'] });
    const client = (await t.app.inject({ method: 'POST', url: '/api/self/oauth2', headers: user.headers, payload: { name: 'script' } })).json();
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }).toString(),
    });
    const bearer = { headers: { authorization: `Bearer ${token.json().access_token}` } };
    expect((await call('GET', bearer)).json()).toEqual({ events: ['server.crashed'] });
    const put = await call('PUT', bearer, { events: [] });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('ErrMissingScope');
  });
});
