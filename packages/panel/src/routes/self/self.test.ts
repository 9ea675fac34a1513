import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../services/startSession.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

describe('/api/self', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the signed-in account', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, username: user.username, email: user.email, otpActive: false, scopes: [] });
  });

  it('answers 401 ErrSessionTimedOut without a session or with a made-up token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { cookie: 'outpost_session=nonsense' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/self', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('ErrSessionTimedOut');
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/self', payload: { password: 'x' } })).statusCode).toBe(401);
  });

  it('changes username and email with the current password', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/self',
      headers: user.headers,
      payload: { username: `${user.username}_x`, email: `x_${user.email}`, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: `${user.username}_x`, email: `x_${user.email}` });
  });

  it('refuses changes with a wrong current password as 400 ErrInvalidCredentials, keeping the user signed in', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { username: 'someone', password: 'not my password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ErrInvalidCredentials');
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).json().username).toBe(user.username);
  });

  it('refuses a bad new username, email or password with the spec codes', async () => {
    const user = await createSignedInUser(t.app);
    const put = async (payload: object) => (await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload })).json().error?.code;
    expect(await put({ username: 'ab', password: user.password })).toBe('ErrUsernameRequirements');
    expect(await put({ email: 'nope', password: user.password })).toBe('ErrFieldNotEmail');
    expect(await put({ newPassword: 'short', password: user.password })).toBe('ErrPasswordRequirements');
    expect(await put({ username: 'valid_name' })).toBe('ErrFieldRequired');
  });

  it('refuses a new password whose confirmation differs with 400 ErrFieldNotEqual, and keeps the old one; a matching or absent confirmation changes it', async () => {
    const user = await createSignedInUser(t.app);
    const put = (payload: string) => t.app.inject({ method: 'PUT', url: '/api/self', headers: { ...user.headers, 'content-type': 'application/json' }, payload });
    const refused = await put(JSON.stringify({ password: user.password, newPassword: 'a new password', confirmPassword: 'a new passwort' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'ErrFieldNotEqual', metadata: { field: 'confirmPassword', field1: 'confirmPassword', field2: 'newPassword' } });
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password } });
    expect((await login(user.password)).statusCode).toBe(200);
    expect((await put(JSON.stringify({ password: user.password, newPassword: 'a new password', confirmPassword: 'a new password' }))).statusCode).toBe(200);
    expect((await login('a new password')).statusCode).toBe(200);
    // A spec client sends no confirmation.
    expect((await put(JSON.stringify({ password: 'a new password', newPassword: 'another password' }))).statusCode).toBe(200);
  });

  it('answers 409 for an email another user has', async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { email: other.email, password: user.password } });
    expect(res.statusCode).toBe(409);
  });

  it('changes the password, which then signs in, and signs out other sessions', async () => {
    const user = await createSignedInUser(t.app);
    const other = await startSession(t.app.panel.repo, user.id, 60_000);
    const res = await t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { password: user.password, newPassword: 'a new password' } });
    expect(res.statusCode).toBe(200);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'a new password' } });
    expect(newLogin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(401);
  });
});
