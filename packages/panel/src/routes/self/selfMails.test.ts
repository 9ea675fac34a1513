import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';
import { refusedPort, sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';

describe('mails about changes to one\'s own account', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    t = await createTestApp();
    catcher = await startMailCatcher();
    await sendMailTo(t.app, catcher);
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  const german = JSON.parse(readFileSync(new URL('../../../../shared/src/i18n/de_DE.json', import.meta.url), 'utf8')) as { mail: { passwordChanged: { subject: string; body: string } } };
  const mailFor = (email: string, subject: string) => vi.waitUntil(() => catcher.mails.find((m) => m.rcptTo.includes(email) && m.subject === subject));

  it('tells the old address when the email changes, and the account when the password changes', async () => {
    const user = await createSignedInUser(t.app);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload });
    expect((await put({ email: 'moved@example.com', password: user.password })).statusCode).toBe(200);
    const changed = await mailFor(user.email, 'The email of your account was changed');
    expect(changed.text).toContain(`changed to moved@example.com`);
    expect(changed.text).toContain('If this was not you');
    expect(catcher.mails.filter((m) => m.rcptTo.includes('moved@example.com'))).toEqual([]);
    expect((await put({ password: user.password, newPassword: 'another password' })).statusCode).toBe(200);
    await mailFor('moved@example.com', 'Your password was changed');
  });

  it('tells the account when two-factor login goes on and off', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers })).json();
    expect((await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: currentOtpCode(secret) } })).statusCode).toBe(200);
    await mailFor(user.email, 'Two-factor login is on');
    // The next time step's code: the confirming one is spent.
    const off = await t.app.inject({ method: 'DELETE', url: `/api/self/otp/${currentOtpCode(secret, Date.now() + 30_000)}`, headers: user.headers });
    expect(off.statusCode).toBe(204);
    await mailFor(user.email, 'Two-factor login is off');
  });

  it('tells the owner when an API client is created and deleted', async () => {
    const user = await createSignedInUser(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/self/oauth2', headers: user.headers, payload: { name: 'Backup script', description: '' } });
    expect(created.statusCode).toBe(200);
    expect((await mailFor(user.email, 'A new API client: Backup script')).text).toContain('acts with your permissions');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/self/oauth2/${created.json().client_id}`, headers: user.headers })).statusCode).toBe(204);
    await mailFor(user.email, 'API client deleted: Backup script');
  });

  it('writes in the language the user chose, and in English for a user who chose none', async () => {
    const user = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'PUT', url: '/api/userSettings/language', headers: user.headers, payload: { value: 'de_DE' } })).statusCode).toBe(204);
    await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { password: user.password, newPassword: 'another password' } });
    const inGerman = await mailFor(user.email, german.mail.passwordChanged.subject);
    expect(inGerman.html).toContain('<html lang="de-DE">');
    expect(inGerman.text).toContain(german.mail.passwordChanged.body.replace('{{username}}', user.username));
    const other = await createSignedInUser(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/self', headers: other.headers, payload: { password: other.password, newPassword: 'another password' } });
    expect((await mailFor(other.email, 'Your password was changed')).html).toContain('<html lang="en-US">');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/userSettings/language', headers: user.headers, payload: { value: 'klingon' } });
    expect(bad.json().error.code).toBe('ErrFieldRequired');
  });

  // Each provider's address points at a port nothing listens on: the connection is refused.
  const down: Record<string, (port: number) => Record<string, string>> = {
    smtp: (port) => ({ 'panel.email.host': `127.0.0.1:${port}` }),
    mailgun: (port) => ({ 'panel.email.provider': 'mailgun', 'panel.email.domain': 'mg.example.com', 'panel.email.key': 'k', 'panel.email.apiUrl': `http://127.0.0.1:${port}` }),
    mailjet: (port) => ({ 'panel.email.provider': 'mailjet', 'panel.email.key': 'k', 'panel.email.secret': 's', 'panel.email.apiUrl': `http://127.0.0.1:${port}` }),
  };
  for (const [provider, settings] of Object.entries(down)) {
    it(`never fails the action when ${provider} is down, and keeps the failure for admins`, async () => {
      const user = await createSignedInUser(t.app);
      await t.app.panel.repo.settings.setMany(settings(await refusedPort()));
      try {
        const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { password: user.password, newPassword: 'another password' } });
        expect(res.statusCode).toBe(200);
        await t.app.panel.mail.idle();
        expect(t.app.panel.mail.lastFailure).toMatchObject({ kind: 'passwordChanged' });
        expect(t.app.panel.mail.lastFailure!.msg).toContain('ECONNREFUSED');
      } finally {
        await sendMailTo(t.app, catcher);
      }
    });
  }
});
