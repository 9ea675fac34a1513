import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';

describe('/api/settings/email', () => {
  let t: TestApp;
  let admin: TestUser;
  let catcher: MailCatcher;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    catcher = await startMailCatcher({ auth: { user: 'mailer', pass: 's3cret' } });
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  const save = (values: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: values });
  const test = (payload: object = {}, headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/settings/email/test', headers, payload });
  const smtp = {
    [SettingKeys.emailProvider]: 'smtp',
    [SettingKeys.emailFrom]: 'Outpost <panel@example.com>',
    [SettingKeys.emailTls]: 'starttls',
    [SettingKeys.emailAllowSelfSigned]: 'true',
    [SettingKeys.emailUsername]: 'mailer',
  };

  it('answers ErrEmailNotConfigured while the provider is none', async () => {
    const res = await test();
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ErrEmailNotConfigured');
  });

  it('sends the test mail to the caller and answers where it went', async () => {
    expect((await save({ ...smtp, [SettingKeys.emailHost]: `127.0.0.1:${catcher.port}`, [SettingKeys.emailPassword]: 's3cret' })).statusCode).toBe(204);
    const res = await test();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: admin.email });
    expect(catcher.mails.at(-1)).toMatchObject({ rcptTo: [admin.email], subject: 'Test email from Outpost' });
    expect(catcher.mails.at(-1)!.text).toContain(`Hello ${admin.username},`);
  });

  it("answers the provider's refusal as 400 ErrServiceNotAvailable with its message", async () => {
    await save({ [SettingKeys.emailPassword]: 'wrong' });
    const res = await test({ to: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'ErrServiceNotAvailable', metadata: { service: 'email', provider: 'smtp' } });
    expect(res.json().error.msg).toContain('Invalid username or password');
    await save({ [SettingKeys.emailPassword]: 's3cret' });
  });

  it('answers ErrSettingNotConfigured naming a missing field, and refuses a bad address or bad values', async () => {
    await save({ [SettingKeys.emailProvider]: 'mailgun' });
    const res = await test();
    expect(res.json().error).toMatchObject({ code: 'ErrSettingNotConfigured', metadata: { setting: SettingKeys.emailDomain } });
    await save({ [SettingKeys.emailProvider]: 'smtp' });
    expect((await test({ to: 'not an email' })).json().error).toMatchObject({ code: 'ErrFieldNotEmail', metadata: { field: 'to' } });
    expect((await test({ to: 'x'.repeat(250) + '@example.com' })).json().error).toMatchObject({ code: 'ErrFieldTooLarge', metadata: { field: 'to' } });
    expect((await save({ [SettingKeys.emailTls]: 'sometimes' })).json().error.code).toBe('ErrFieldRequired');
    expect((await save({ [SettingKeys.emailPort]: '70000' })).json().error.code).toBe('ErrFieldNotBetween');
    expect((await save({ [SettingKeys.emailApiUrl]: 'ftp://x' })).json().error.code).toBe('ErrFieldIsInvalidHost');
    expect((await save({ [SettingKeys.defaultLanguage]: 'xx_XX' })).json().error.code).toBe('ErrFieldRequired');
  });

  it('keeps the test to administrators: a settings editor gets 403', async () => {
    const editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
    const res = await test({}, editor.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ErrMissingScope');
  });

  it('shows admins the last mail that failed in the background, and clears it once one goes through', async () => {
    const status = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/email/status', headers: admin.headers })).json();
    expect(await status()).toEqual({});
    await save({ [SettingKeys.emailPassword]: 'wrong' });
    t.app.panel.mail.toAddress('someone@example.com', { kind: 'passwordReset', values: {}, link: 'https://x.example/reset' });
    await t.app.panel.mail.idle();
    expect((await status()).lastFailure).toMatchObject({ kind: 'passwordReset', msg: expect.stringContaining('Invalid username or password') });
    await save({ [SettingKeys.emailPassword]: 's3cret' });
    t.app.panel.mail.toAddress('someone@example.com', { kind: 'passwordReset', values: {}, link: 'https://x.example/reset' });
    await t.app.panel.mail.idle();
    expect(await status()).toEqual({});
  });
});
