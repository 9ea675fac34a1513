import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

// Two-factor recovery codes over raw HTTP: shown once, each good for one sign-in, gone after
// regeneration or when two-factor login is switched off.
describe('two-factor recovery codes', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body?: unknown, token?: string) =>
    fetch(`${root}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A user with two-factor login on: its secret and the ten codes PUT /api/self/otp answered. */
  async function userWithOtp(): Promise<{ user: TestUser; secret: string; codes: string[] }> {
    const user = await createSignedInUser(t.app);
    const { secret } = await (await send('POST', '/api/self/otp', undefined, user.token)).json();
    const confirm = await send('PUT', '/api/self/otp', { token: currentOtpCode(secret) }, user.token);
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = await confirm.json();
    return { user, secret, codes: recoveryCodes };
  }

  /** Password, then the given code in the OTP step's one field; answers the second step's answer. */
  async function signInWith(user: TestUser, token: string) {
    const first = await (await send('POST', '/auth/login', { email: user.email, password: user.password })).json();
    expect(first.otpNeeded).toBe(true);
    const res = await send('POST', '/auth/otp', { token, ticket: first.ticket });
    return { status: res.status, body: await res.json() };
  }

  it('answers ten distinct codes when two-factor login goes on, counted on the status', async () => {
    const { user, codes } = await userWithOtp();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(await (await send('GET', '/api/self/otp', undefined, user.token)).json()).toEqual({ otpEnabled: true, recoveryCodesLeft: 10 });
    // Kept only as hashes.
    const stored = await t.app.panel.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes.map((c) => c.replace(/-/g, ''))).not.toContain(code_hash);
  });

  it('signs in once with a recovery code in place of the one-time code, tells how many are left, and refuses it the second time', async () => {
    const { user, codes } = await userWithOtp();
    // Typed by hand: upper case, no hyphens, spaces.
    const typed = codes[3].toUpperCase().replace(/-/g, ' ');
    const first = await signInWith(user, typed);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recoveryCodesLeft: 9 });
    expect(typeof first.body.session).toBe('string');
    expect((await send('GET', '/api/self', undefined, first.body.session)).status).toBe(200);

    const again = await signInWith(user, codes[3]);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('ErrTokenInvalid');
    expect(await (await send('GET', '/api/self/otp', undefined, user.token)).json()).toEqual({ otpEnabled: true, recoveryCodesLeft: 9 });

    // Recorded as a sign-in by recovery code, with the count left.
    await t.app.panel.activity.flush();
    const events = await t.app.panel.db.selectFrom('activity').selectAll().where('event', '=', 'auth.login').where('user_id', '=', user.id).execute();
    expect(events.map((e) => JSON.parse(String(e.data)))).toContainEqual({ method: 'recovery', recoveryCodesLeft: 9 });
  });

  it("refuses another account's code and a made-up one", async () => {
    const { user } = await userWithOtp();
    const other = await userWithOtp();
    expect((await signInWith(user, other.codes[0])).status).toBe(400);
    expect((await signInWith(user, 'abcd-efgh-jkmn-pqrs')).status).toBe(400);
    expect((await signInWith(other.user, other.codes[0])).status).toBe(200);
  });

  it('regenerates all ten with the password or a current code, never with neither; the old ones stop working', async () => {
    const { user, secret, codes } = await userWithOtp();
    const bare = await send('POST', '/api/self/otp/recovery', {}, user.token);
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.code).toBe('ErrInvalidCredentials');
    expect((await send('POST', '/api/self/otp/recovery', { password: 'not the password' }, user.token)).status).toBe(400);

    const byPassword = await send('POST', '/api/self/otp/recovery', { password: user.password }, user.token);
    expect(byPassword.status).toBe(200);
    const fresh: string[] = (await byPassword.json()).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect((await signInWith(user, codes[0])).status).toBe(400);

    const byCode = await send('POST', '/api/self/otp/recovery', { token: currentOtpCode(secret, Date.now() + 30_000) }, user.token);
    expect(byCode.status).toBe(200);
    const newest: string[] = (await byCode.json()).recoveryCodes;
    expect((await signInWith(user, fresh[0])).status).toBe(400);
    expect((await signInWith(user, newest[0])).status).toBe(200);
  });

  it('are removed when two-factor login is switched off, and cannot be regenerated then', async () => {
    const { user, secret, codes } = await userWithOtp();
    const off = await send('DELETE', `/api/self/otp/${currentOtpCode(secret, Date.now() + 30_000)}`, undefined, user.token);
    expect(off.status).toBe(204);
    const rows = await t.app.panel.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
    expect(await (await send('GET', '/api/self/otp', undefined, user.token)).json()).toEqual({ otpEnabled: false });
    expect((await send('POST', '/api/self/otp/recovery', { password: user.password }, user.token)).status).toBe(400);
    // With two-factor off the password alone signs in; an old code has nothing to complete.
    const login = await (await send('POST', '/auth/login', { email: user.email, password: user.password })).json();
    expect(login.otpNeeded).toBeUndefined();
    expect((await send('POST', '/auth/otp', { token: codes[0] })).status).toBe(400);
  });
});
