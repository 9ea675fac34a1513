import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

describe('/api/userSettings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps each user their own dark-mode and theme choice', async () => {
    const alice = await createSignedInUser(t.app);
    const bob = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/userSettings', headers: alice.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/userSettings/dark', headers: alice.headers, payload: { value: 'true' } })).statusCode).toBe(204);
    await t.app.inject({ method: 'PUT', url: '/api/userSettings/preferredTheme', headers: alice.headers, payload: { value: 'outpost' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/userSettings', headers: alice.headers })).json()).toEqual([
      { key: 'dark', value: 'true' },
      { key: 'preferredTheme', value: 'outpost' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/userSettings', headers: bob.headers })).json()).toEqual([]);
  });

  it('refuses unknown keys with 404 and a missing value with 400 ErrFieldRequired', async () => {
    const user = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'PUT', url: '/api/userSettings/favouriteColour', headers: user.headers, payload: { value: 'red' } })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'PUT', url: '/api/userSettings/dark', headers: user.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('ErrFieldRequired');
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/userSettings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/userSettings/dark', payload: { value: 'true' } })).statusCode).toBe(401);
  });
});
