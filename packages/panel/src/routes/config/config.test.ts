import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells anyone, signed in or not, the brand, themes and whether registration is open', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ branding: { name: 'Outpost' }, themes: { active: 'outpost', available: ['outpost', 'ember', 'forest'] }, registrationEnabled: true, emailEnabled: false });
  });

  it('shows the company name, closed registration and mail once an admin sets them', async () => {
    const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: admin.headers,
      payload: { [SettingKeys.companyName]: 'Acme Games', [SettingKeys.registrationEnabled]: 'false' },
    });
    expect(saved.statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ branding: { name: 'Acme Games' }, registrationEnabled: false });
    await t.app.panel.repo.settings.setMany({ [SettingKeys.emailProvider]: 'smtp' });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().emailEnabled).toBe(true);
  });
});
