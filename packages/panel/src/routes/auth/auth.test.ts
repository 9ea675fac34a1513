import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

/** The `name=value` pairs a response sets, for sending back as a Cookie header. */
function cookiesOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /auth/register', () => {
    it('creates an account with no scopes and signs it in by cookie and token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'newbie', email: 'newbie@example.com', password: 'password1' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.scopes).toEqual([]);
      expect(body.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = res.cookies.find((c) => c.name === 'outpost_session');
      expect(cookie).toMatchObject({ value: body.session, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      const self = await t.app.inject({ method: 'GET', url: '/api/self', headers: { cookie: `outpost_session=${body.session}` } });
      expect(self.json()).toMatchObject({ username: 'newbie', email: 'newbie@example.com', otpActive: false, scopes: [] });
    });

    it('refuses a short username, a bad email, a short password and a missing field with the spec codes', async () => {
      const attempt = async (payload: object) => (await t.app.inject({ method: 'POST', url: '/auth/register', payload })).json().error;
      expect(await attempt({ username: 'abc', email: 'a@example.com', password: 'password1' })).toMatchObject({ code: 'ErrUsernameRequirements' });
      expect(await attempt({ username: 'has space', email: 'a@example.com', password: 'password1' })).toMatchObject({ code: 'ErrUsernameRequirements' });
      expect(await attempt({ username: 'abcde', email: 'not-an-email', password: 'password1' })).toMatchObject({ code: 'ErrFieldNotEmail' });
      expect(await attempt({ username: 'abcde', email: 'a@example.com', password: 'short' })).toMatchObject({ code: 'ErrPasswordRequirements' });
      expect(await attempt({ username: 'abcde', email: 'a@example.com' })).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'password' } });
    });

    it('answers 409 when the email or username is taken', async () => {
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'taken_name', email: 'taken@example.com', password: 'password1' } });
      const byEmail = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'other_name', email: 'taken@example.com', password: 'password1' } });
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json().error.metadata).toEqual({ field: 'email' });
      const byName = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'taken_name', email: 'fresh@example.com', password: 'password1' } });
      expect(byName.statusCode).toBe(409);
    });

    it('is refused with 403 ErrNoPermission while registration is switched off', async () => {
      const admin = await createSignedInUser(t.app, [Scopes.Admin]);
      await t.app.inject({ method: 'PUT', url: `/api/settings/${SettingKeys.registrationEnabled}`, headers: admin.headers, payload: { value: 'false' } });
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'blocked', email: 'blocked@example.com', password: 'password1' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ErrNoPermission');
      await t.app.inject({ method: 'PUT', url: `/api/settings/${SettingKeys.registrationEnabled}`, headers: admin.headers, payload: { value: 'true' } });
    });
  });

  describe('POST /auth/login', () => {
    it('signs in with email and password and answers the panel scopes', async () => {
      const user = await createSignedInUser(t.app, [Scopes.NodesView]);
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ scopes: [Scopes.NodesView] });
      expect(res.json().session).not.toBe(user.token);
    });

    it('refuses a wrong password with 400 ErrInvalidCredentials, the same as an unknown email', async () => {
      const user = await createSignedInUser(t.app);
      const wrong = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'wrong password' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('ErrInvalidCredentials');
      const unknown = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('ErrInvalidCredentials');
    });

    it('blocks an IP after 5 failed logins for one email, even with the right password', async () => {
      const user = await createSignedInUser(t.app);
      const from = { remoteAddress: '10.0.0.9' };
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', ...from, payload: { email: user.email, password: 'wrong password' } });
        expect(res.statusCode).toBe(400);
      }
      const blocked = await t.app.inject({ method: 'POST', url: '/auth/login', ...from, payload: { email: user.email, password: user.password } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('ErrTooManyRequests');
      expect(blocked.headers['retry-after']).toBeDefined();
      const otherIp = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.0.0.10', payload: { email: user.email, password: user.password } });
      expect(otherIp.statusCode).toBe(200);
    });

    it('asks for a one-time code when two-factor is on, and /auth/otp completes the login once', async () => {
      const user = await createSignedInUser(t.app);
      const setup = await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers });
      const { secret } = setup.json();
      // Confirm with the previous period's code so the login below can use the current one.
      const confirm = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: currentOtpCode(secret, Date.now() - 30_000) } });
      expect(confirm.statusCode).toBe(204);

      const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      expect(login.json()).toEqual({ otpNeeded: true });
      expect(login.cookies.find((c) => c.name === 'outpost_session')).toBeUndefined();
      const pending = login.cookies.find((c) => c.name === 'outpost_otp_pending');
      expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

      const wrong = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(login) }, payload: { token: '000000' === currentOtpCode(secret) ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('ErrTokenInvalid');

      const code = currentOtpCode(secret);
      const done = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(login) }, payload: { token: code } });
      expect(done.statusCode).toBe(200);
      expect(done.json().session).toBeTruthy();

      // The same code, with a fresh pending login, is refused: codes are single use.
      const again = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      const replay = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(again) }, payload: { token: code } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('ErrTokenInvalid');
    });

    it('refuses /auth/otp with no login waiting', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/otp', payload: { token: '123456' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('ErrInvalidTokenState');
    });
  });

  describe('POST /auth/reauth and /auth/logout', () => {
    it('swaps the session for a new one and deletes the old one', async () => {
      const user = await createSignedInUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/auth/reauth', headers: user.headers });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().session as string;
      expect(fresh).not.toBe(user.token);
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
    });

    it('answers 401 ErrSessionTimedOut to reauth without a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/reauth' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('ErrSessionTimedOut');
    });

    it('ends the session on logout and clears the cookie', async () => {
      const user = await createSignedInUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.headers });
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === 'outpost_session')?.value).toBe('');
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(401);
    });

    it('refuses an expired session and deletes it', async () => {
      const user = await createSignedInUser(t.app);
      await t.app.panel.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
      const res = await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers });
      expect(res.statusCode).toBe(401);
      expect(await t.app.panel.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
    });
  });
});
