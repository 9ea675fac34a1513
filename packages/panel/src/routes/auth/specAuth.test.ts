import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

// Sign-in and sign-out as a third-party client of the spec does them (panel.md sections 4 and 7): raw HTTP.
describe('/auth, as a spec client calls it', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${root}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('an Authorization header, even an empty bearer, is the only credential: the cookie beside it is not used', async () => {
    const user = await createSignedInUser(t.app);
    const login = await post('/auth/login', { email: user.email, password: user.password });
    const { session } = await login.json();
    const cookie = `outpost_session=${session}`;
    expect((await fetch(`${root}/api/self`, { headers: { cookie } })).status).toBe(200);
    // The client dropped its token and now sends an empty bearer: it is signed out.
    for (const authorization of ['Bearer ', 'Bearer', '']) {
      const res = await fetch(`${root}/api/self`, { headers: { cookie, authorization } });
      expect(res.status, JSON.stringify(authorization)).toBe(401);
      expect((await res.json()).error.code).toBe('ErrSessionTimedOut');
    }
  });

  it('logout ends the session on the server, the bearer one and the cookie beside it', async () => {
    const user = await createSignedInUser(t.app);
    const first = await (await post('/auth/login', { email: user.email, password: user.password })).json();
    const second = await (await post('/auth/login', { email: user.email, password: user.password })).json();
    const out = await post('/auth/logout', {}, { authorization: `Bearer ${first.session}`, cookie: `outpost_session=${second.session}` });
    expect(out.status).toBe(204);
    for (const token of [first.session, second.session]) {
      expect((await fetch(`${root}/api/self`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });

  it('finishes a two-factor login without cookies: the login answer carries the ticket the code goes with', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = await (await fetch(`${root}/api/self/otp`, { method: 'POST', headers: user.headers })).json();
    const confirm = await fetch(`${root}/api/self/otp`, { method: 'PUT', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ token: currentOtpCode(secret, Date.now() - 30_000) }) });
    expect(confirm.status).toBe(200);

    const login = await (await post('/auth/login', { email: user.email, password: user.password })).json();
    expect(login).toMatchObject({ otpNeeded: true, ticket: expect.any(String) });
    expect(login.session).toBeUndefined();
    // Without the ticket no login is waiting; a made-up ticket is no better.
    expect((await post('/auth/otp', { token: currentOtpCode(secret) })).status).toBe(400);
    expect((await post('/auth/otp', { token: currentOtpCode(secret), ticket: 'made-up' })).status).toBe(400);

    const done = await post('/auth/otp', { token: currentOtpCode(secret), ticket: login.ticket });
    expect(done.status).toBe(200);
    const { session, scopes } = await done.json();
    expect(scopes).toEqual(expect.any(Array));
    expect((await fetch(`${root}/api/self`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    // The ticket is spent with the login.
    expect((await post('/auth/otp', { token: currentOtpCode(secret), ticket: login.ticket })).status).toBe(400);
  });
});
