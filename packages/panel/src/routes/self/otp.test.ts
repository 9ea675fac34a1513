import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

describe('/api/self/otp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets up two-factor login: a secret with a QR image, confirmed by a code, then reported on', async () => {
    const user = await createSignedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/self/otp', headers: user.headers })).json()).toEqual({ otpEnabled: false });
    const setup = await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers });
    expect(setup.statusCode).toBe(200);
    const { secret, img } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(img).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed.
    expect((await t.app.inject({ method: 'GET', url: '/api/self/otp', headers: user.headers })).json()).toEqual({ otpEnabled: false });
    const confirm = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: currentOtpCode(secret) } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/self/otp', headers: user.headers })).json()).toEqual({ otpEnabled: true, recoveryCodesLeft: 10 });
    expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).json().otpActive).toBe(true);
  });

  it('refuses a wrong confirmation code with 400 ErrTokenInvalid and stays off', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers })).json();
    const wrong = currentOtpCode(secret) === '123456' ? '654321' : '123456';
    const res = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: wrong } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ErrTokenInvalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/self/otp', headers: user.headers })).json()).toEqual({ otpEnabled: false });
  });

  it('refuses to confirm before set-up started, and a missing code', async () => {
    const user = await createSignedInUser(t.app);
    const early = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: '123456' } });
    expect(early.json().error.code).toBe('ErrInvalidTokenState');
    const missing = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'token' } });
  });

  it('switches two-factor off with a fresh code, not with the one already used', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers })).json();
    const used = currentOtpCode(secret);
    await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: used } });
    const replay = await t.app.inject({ method: 'DELETE', url: `/api/self/otp/${used}`, headers: user.headers });
    expect(replay.statusCode).toBe(400);
    const next = currentOtpCode(secret, Date.now() + 30_000);
    const off = await t.app.inject({ method: 'DELETE', url: `/api/self/otp/${next}`, headers: user.headers });
    expect(off.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/self/otp', headers: user.headers })).json()).toEqual({ otpEnabled: false });
  });

  it('answers 401 to every two-factor call without a session', async () => {
    for (const [method, url] of [['GET', '/api/self/otp'], ['POST', '/api/self/otp'], ['PUT', '/api/self/otp'], ['DELETE', '/api/self/otp/123456']] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'PUT' ? { token: '123456' } : undefined });
      expect(res.statusCode).toBe(401);
    }
  });
});
