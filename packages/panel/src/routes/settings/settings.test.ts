import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

describe('/api/settings', () => {
  let t: TestApp;
  let editor: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
  });
  afterAll(() => t.close());

  const get = (key: string, headers = editor.headers) => t.app.inject({ method: 'GET', url: `/api/settings/${key}`, headers });
  const put = (key: string, value: unknown, headers = editor.headers) => t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers, payload: { value } });

  it('reads defaults before anything is saved, and saved values after', async () => {
    expect((await get(SettingKeys.registrationEnabled)).json()).toEqual({ value: 'true' });
    expect((await get(SettingKeys.emailProvider)).json()).toEqual({ value: 'none' });
    expect((await put(SettingKeys.companyName, 'Blocky Hosting')).statusCode).toBe(204);
    expect((await get(SettingKeys.companyName)).json()).toEqual({ value: 'Blocky Hosting' });
  });

  it('never sends a secret back, and an empty secret on save keeps the stored one', async () => {
    await put(SettingKeys.emailPassword, 'hunter22');
    expect((await get(SettingKeys.emailPassword)).json()).toEqual({ value: '', isSet: true });
    expect((await get(SettingKeys.emailKey)).json()).toEqual({ value: '', isSet: false });
    await put(SettingKeys.emailPassword, '');
    expect(await t.app.panel.repo.settings.get(SettingKeys.emailPassword)).toBe('hunter22');
  });

  it('saves a map of settings all at once, or none when one is wrong', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/settings', headers: editor.headers, payload: { [SettingKeys.emailProvider]: 'smtp', [SettingKeys.emailHost]: 'mail.example.com:587' } });
    expect(ok.statusCode).toBe(204);
    expect((await get(SettingKeys.emailHost)).json().value).toBe('mail.example.com:587');
    const bad = await t.app.inject({ method: 'POST', url: '/api/settings', headers: editor.headers, payload: { [SettingKeys.emailHost]: 'other', [SettingKeys.emailProvider]: 'pigeon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('ErrServiceInvalidProvider');
    expect((await get(SettingKeys.emailHost)).json().value).toBe('mail.example.com:587');
  });

  it('moves the local node when the master URL changes', async () => {
    expect((await put(SettingKeys.masterUrl, 'https://panel.example.com:8443')).statusCode).toBe(204);
    expect(await t.app.panel.repo.nodes.local()).toMatchObject({ public_host: 'panel.example.com', public_port: 8443 });
  });

  it('refuses bad values and unknown keys with codes', async () => {
    expect((await put(SettingKeys.registrationEnabled, 'maybe')).json().error.code).toBe('ErrFieldRequired');
    expect((await put(SettingKeys.masterUrl, 'not a url')).json().error.code).toBe('ErrFieldIsInvalidHost');
    expect((await put(SettingKeys.companyName, { not: 'text' })).json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'value' } });
    const unknown = await get('panel.nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.reason).toBe('ErrNotFound');
    expect((await put('panel.nope', 'x')).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await get(SettingKeys.companyName, {} as TestUser['headers'])).statusCode).toBe(401);
  });

  it('answers 403 ErrMissingScope to a self-registered user, who holds no scopes', async () => {
    const payload = { username: 'plain_user', email: 'plain@example.com', password: 'password1' };
    expect((await t.app.inject({ method: 'POST', url: '/auth/register', payload })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload });
    const headers = { authorization: `Bearer ${login.json().session}` };
    for (const res of [
      await get(SettingKeys.companyName, headers),
      await put(SettingKeys.companyName, 'Mine now', headers),
      await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: {} }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ErrMissingScope');
    }
  });

  it('lets an administrator in through the admin scope', async () => {
    const admin = await createSignedInUser(t.app, [Scopes.Admin]);
    expect((await get(SettingKeys.companyName, admin.headers)).statusCode).toBe(200);
  });
});
