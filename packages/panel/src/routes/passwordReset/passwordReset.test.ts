import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionToken } from '../../services/sessionTokens.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';

describe('/auth/password: forgot and reset', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    catcher = await startMailCatcher();
    await sendMailTo(t.app, catcher);
    user = await createSignedInUser(t.app, []);
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  const forgot = (email: string, remoteAddress = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: { email }, remoteAddress });
  const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/password/reset', payload: { token, password } });
  const login = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password } });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('answers alike for a registered and an unknown email, and mails only the registered one', async () => {
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('stranger@example.com');
    expect([known.statusCode, known.body]).toEqual([204, '']);
    expect([unknown.statusCode, unknown.body]).toEqual([204, '']);
    await t.app.panel.mail.idle();
    expect(catcher.mails.map((m) => m.rcptTo[0])).toEqual([user.email]);
    expect(catcher.mails[0]!.subject).toBe('Reset your password');
  });

  it('sets a new password with the link once, ending every session of the account', async () => {
    const mail = await vi.waitUntil(() => catcher.mails.findLast((m) => m.subject === 'Reset your password'));
    expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/auth\/reset\?token=/);
    const token = tokenOf(mail.link!);
    // Too short a password is refused and leaves the link usable.
    expect((await reset(token, 'short')).json().error.code).toBe('ErrPasswordRequirements');
    // So is a repeat of it that differs: 400 ErrFieldNotEqual.
    const mismatch = await t.app.inject({ method: 'POST', url: '/auth/password/reset', payload: { token, password: 'a brand new password', confirmPassword: 'a brand new passwort' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({ code: 'ErrFieldNotEqual', metadata: { field: 'confirmPassword', field2: 'password' } });
    expect((await reset(token, 'a brand new password')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(401);
    expect((await login(user.password)).statusCode).toBe(400);
    expect((await login('a brand new password')).statusCode).toBe(200);
    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('ErrTokenInvalid');
    // The owner hears the password changed.
    await vi.waitUntil(() => catcher.mails.find((m) => m.subject === 'Your password was changed'));
  });

  it('refuses an expired or forged link', async () => {
    await t.app.panel.repo.passwordResets.insert(hashSessionToken('stale-token'), user.id, Date.now() - 1);
    expect((await reset('stale-token', 'a fine password')).json().error.code).toBe('ErrTokenInvalid');
    expect((await reset('made-up', 'a fine password')).json().error.code).toBe('ErrTokenInvalid');
    expect((await login('a brand new password')).statusCode).toBe(200);
  });

  it('limits requests per email and per client address with 429, for unknown emails too', async () => {
    for (let i = 0; i < 3; i += 1) expect((await forgot('limited@example.com', `10.1.0.${i}`)).statusCode).toBe(204);
    const limited = await forgot('limited@example.com', '10.1.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.reason).toBe('ErrTooManyRequests');
    for (let i = 0; i < 10; i += 1) expect((await forgot(`many${i}@example.com`, '10.2.0.1')).statusCode).toBe(204);
    expect((await forgot('one-more@example.com', '10.2.0.1')).statusCode).toBe(429);
  });

  it('checks the email and every field, and answers ErrEmailNotConfigured without a provider', async () => {
    expect((await forgot('not-an-email', '10.3.0.1')).json().error.code).toBe('ErrFieldNotEmail');
    expect((await forgot('a'.repeat(250) + '@example.com', '10.3.0.1')).json().error).toMatchObject({ code: 'ErrFieldTooLarge', metadata: { field: 'email' } });
    const empty = await t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: {} });
    expect(empty.json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'email' } });
    const noToken = await t.app.inject({ method: 'POST', url: '/auth/password/reset', payload: { password: 'a fine password' } });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'token' } });
    await t.app.panel.repo.settings.setMany({ 'panel.email.provider': 'none' });
    try {
      const res = await forgot(user.email, '10.3.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('ErrEmailNotConfigured');
    } finally {
      await sendMailTo(t.app, catcher);
    }
  });
});
