import { Scopes, SettingKeys, adminSettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { startMailCatcher } from '../../test/mailCatcher.js';

describe('/api/settings', () => {
  let t: TestApp;
  let editor: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
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
    await put(SettingKeys.emailPassword, 'hunter22', admin.headers);
    expect((await get(SettingKeys.emailPassword)).json()).toEqual({ value: '', isSet: true });
    expect((await get(SettingKeys.emailKey)).json()).toEqual({ value: '', isSet: false });
    await put(SettingKeys.emailPassword, '');
    expect(await t.app.panel.repo.settings.get(SettingKeys.emailPassword)).toBe('hunter22');
  });

  it('saves a map of settings all at once, or none when one is wrong', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { [SettingKeys.emailProvider]: 'smtp', [SettingKeys.emailHost]: 'mail.example.com:587' } });
    expect(ok.statusCode).toBe(204);
    expect((await get(SettingKeys.emailHost)).json().value).toBe('mail.example.com:587');
    const bad = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { [SettingKeys.emailHost]: 'other', [SettingKeys.emailProvider]: 'pigeon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('ErrServiceInvalidProvider');
    expect((await get(SettingKeys.emailHost)).json().value).toBe('mail.example.com:587');
  });

  it('moves the local node when the master URL changes', async () => {
    expect((await put(SettingKeys.masterUrl, 'https://panel.example.com:8443', admin.headers)).statusCode).toBe(204);
    expect(await t.app.panel.repo.nodes.local()).toMatchObject({ public_host: 'panel.example.com', public_port: 8443 });
  });

  it('refuses bad values and unknown keys with codes', async () => {
    expect((await put(SettingKeys.registrationEnabled, 'maybe')).json().error.code).toBe('ErrFieldRequired');
    expect((await put(SettingKeys.masterUrl, 'not a url', admin.headers)).json().error.code).toBe('ErrFieldIsInvalidHost');
    expect((await put(SettingKeys.companyName, { not: 'text' })).json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'value' } });
    const unknown = await get('panel.nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.reason).toBe('ErrNotFound');
    expect((await put('panel.nope', 'x')).statusCode).toBe(404);
  });

  it('takes the private ranges outbound fetches may reach from an administrator only, each range checked', async () => {
    const key = SettingKeys.allowPrivateTargets;
    expect((await get(key)).json()).toEqual({ value: '' });
    expect((await put(key, '10.0.0.0/8')).json().error).toMatchObject({ code: 'ErrMissingScope' });
    const bad = await put(key, '10.0.0.0/8, 192.168.1.0/33', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'ErrFieldIsInvalidIP', metadata: { field: key, value: '192.168.1.0/33' } });
    expect((await put(key, 'intranet.example', admin.headers)).json().error.code).toBe('ErrFieldIsInvalidIP');
    expect((await put(key, '10.0.0.0/8, fd00::/8', admin.headers)).statusCode).toBe(204);
    expect((await get(key)).json()).toEqual({ value: '10.0.0.0/8, fd00::/8' });
    expect((await put(key, '', admin.headers)).statusCode).toBe(204);
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
    expect((await get(SettingKeys.companyName, admin.headers)).statusCode).toBe(200);
  });
});

describe('/api/settings: mail delivery and the master URL', () => {
  it("a settings.edit holder cannot receive anyone's reset link", async () => {
    const t = await createTestApp();
    const catcher = await startMailCatcher();
    try {
      const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
      const editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
      const settings = t.app.panel.repo.settings;
      const before = { provider: await settings.get(SettingKeys.emailProvider), masterUrl: await settings.get(SettingKeys.masterUrl) };
      // The attack: mail through the editor's own SMTP server, links pointing at the editor's host.
      const theirs = {
        [SettingKeys.emailProvider]: 'smtp',
        [SettingKeys.emailFrom]: 'Outpost <panel@outpost.test>',
        [SettingKeys.emailHost]: `127.0.0.1:${catcher.port}`,
        [SettingKeys.emailTls]: 'none',
        [SettingKeys.masterUrl]: 'http://attacker.test',
      };
      const refused = (res: { statusCode: number; json(): { error: { code: string; metadata?: { scope?: string } } } }) => {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServersAdmin } });
      };
      refused(await t.app.inject({ method: 'POST', url: '/api/settings', headers: editor.headers, payload: theirs }));
      // Either half alone, and every other mail key one at a time, is refused too.
      for (const key of adminSettingKeys) {
        refused(await t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: editor.headers, payload: { value: key === SettingKeys.masterUrl ? 'http://attacker.test' : 'smtp' } }));
      }
      expect({ provider: await settings.get(SettingKeys.emailProvider), masterUrl: await settings.get(SettingKeys.masterUrl) }).toEqual(before);
      expect((await t.app.panel.repo.nodes.local())?.public_host).not.toBe('attacker.test');
      // So a reset for the admin mails nobody; the editor still changes the settings that are theirs,
      // and may send the stored mail values back unchanged, as a form saving every field does.
      expect((await t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: { email: admin.email } })).json().error.code).toBe('ErrEmailNotConfigured');
      const unchanged = { [SettingKeys.emailProvider]: 'none', [SettingKeys.companyName]: 'Blocky Hosting' };
      expect((await t.app.inject({ method: 'POST', url: '/api/settings', headers: editor.headers, payload: unchanged })).statusCode).toBe(204);
      expect(await settings.get(SettingKeys.companyName)).toBe('Blocky Hosting');

      // An administrator still sets them, with POST and with PUT.
      const { [SettingKeys.masterUrl]: masterUrl, ...mail } = theirs;
      expect((await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: mail })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'PUT', url: `/api/settings/${SettingKeys.masterUrl}`, headers: admin.headers, payload: { value: masterUrl } })).statusCode).toBe(204);
      expect(await settings.get(SettingKeys.masterUrl)).toBe(masterUrl);
      expect((await t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: { email: admin.email } })).statusCode).toBe(204);
      const sent = await vi.waitUntil(() => catcher.mails.find((m) => m.subject === 'Reset your password'));
      expect(sent.link).toMatch(/^http:\/\/attacker\.test\/auth\/reset\?token=/);
      // The editor reads the values back (secrets stay write-only), so the screen can show them.
      expect((await t.app.inject({ method: 'GET', url: `/api/settings/${SettingKeys.emailHost}`, headers: editor.headers })).json()).toEqual({ value: `127.0.0.1:${catcher.port}` });
    } finally {
      await catcher.close();
      await t.close();
    }
  });
});
