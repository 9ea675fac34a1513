import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { assert, attest, newCredential, type ClientOverrides, type SoftCredential } from '../../test/softAuthenticator.js';

// Over a real socket, with attestations and assertions an ES256 key in the test signs.
let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const call = (method: string, path: string, user?: { headers: Record<string, string> }, body?: unknown, cookie?: string) =>
  fetch(`${root}${path}`, {
    method,
    // As the browser sends it: the page's origin on every POST.
    headers: { origin: root, ...(user?.headers ?? {}), ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Adds a passkey to the account through options and the soft authenticator's answer. */
async function register(user: TestUser, name: string, credential = newCredential(), overrides: ClientOverrides = {}) {
  const options = await (await call('POST', '/api/self/passkeys/options', user)).json();
  const res = await call('POST', '/api/self/passkeys', user, { name, response: attest(credential, options, root, overrides) });
  return { res, credential, options };
}

async function signInWith(credential: SoftCredential, overrides: ClientOverrides = {}) {
  const options = await (await call('POST', '/auth/passkey/options')).json();
  return call('POST', '/auth/passkey', undefined, { ticket: options.ticket, response: assert(credential, options, root, overrides) });
}

const list = async (user: TestUser) => (await call('GET', '/api/self/passkeys', user)).json();

describe('/api/self/passkeys', () => {
  it('hands out creation options for a discoverable credential at the panel host, excluding the passkeys already added', async () => {
    const user = await createSignedInUser(t.app);
    const first = await (await call('POST', '/api/self/passkeys/options', user)).json();
    expect(first).toMatchObject({ rp: { id: '127.0.0.1', name: 'Outpost' }, user: { name: user.email, displayName: user.username }, authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' }, excludeCredentials: [] });
    expect(first.challenge).toMatch(/^[\w-]{43}$/);
    const { res, credential } = await register(user, 'laptop');
    expect(res.status, await res.clone().text()).toBe(200);
    const again = await (await call('POST', '/api/self/passkeys/options', user)).json();
    expect(again.excludeCredentials).toEqual([{ id: credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
  });

  it('adds, lists, renames and removes a passkey; the list tells names and dates only', async () => {
    const user = await createSignedInUser(t.app);
    expect(await list(user)).toEqual([]);
    const { res, credential } = await register(user, '  Laptop  ');
    expect(res.status, await res.clone().text()).toBe(200);
    const added = await res.json();
    expect(added).toEqual({ id: expect.any(Number), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null });
    expect(JSON.stringify(await list(user))).not.toContain(credential.id.toString('base64url'));
    const renamed = await call('PUT', `/api/self/passkeys/${added.id}`, user, { name: 'Work laptop' });
    expect(await renamed.json()).toMatchObject({ id: added.id, name: 'Work laptop' });
    expect((await list(user)).map((key: { name: string }) => key.name)).toEqual(['Work laptop']);
    expect((await call('DELETE', `/api/self/passkeys/${added.id}`, user)).status).toBe(204);
    expect(await list(user)).toEqual([]);
  });

  it("answers 404 for someone else's passkey or a missing one, and leaves it as it was", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const { id } = await (await register(owner, 'mine')).res.json();
    for (const res of [await call('PUT', `/api/self/passkeys/${id}`, other, { name: 'stolen' }), await call('DELETE', `/api/self/passkeys/${id}`, other), await call('DELETE', '/api/self/passkeys/999999', owner)]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.reason).toBe('ErrNotFound');
    }
    expect((await list(owner)).map((key: { name: string }) => key.name)).toEqual(['mine']);
  });

  it('answers 401 without a session, and refuses OAuth2 clients', async () => {
    for (const [method, path] of [['GET', '/api/self/passkeys'], ['POST', '/api/self/passkeys/options'], ['POST', '/api/self/passkeys'], ['PUT', '/api/self/passkeys/1'], ['DELETE', '/api/self/passkeys/1']]) {
      const res = await call(method, path, undefined, method === 'POST' && path.endsWith('passkeys') ? { name: 'x', response: {} } : method === 'PUT' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const user = await createSignedInUser(t.app);
    const client = await (await call('POST', '/api/self/oauth2', user, { name: 'script' })).json();
    const token = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }).toString(),
    });
    const asClient = await call('POST', '/api/self/passkeys/options', { headers: { authorization: `Bearer ${(await token.json()).access_token}` } });
    expect(asClient.status).toBe(403);
    expect((await asClient.json()).error.code).toBe('ErrMissingScope');
  });

  it('refuses an answer without options asked first, and a replayed one: each challenge serves once', async () => {
    const user = await createSignedInUser(t.app);
    const unasked = await call('POST', '/api/self/passkeys', user, { name: 'x', response: attest(newCredential(), { challenge: 'AAAA', rp: { id: '127.0.0.1' }, user: { id: 'MQ' } }, root) });
    expect((await unasked.json()).error.code).toBe('ErrInvalidTokenState');
    const options = await (await call('POST', '/api/self/passkeys/options', user)).json();
    const response = attest(newCredential(), options, root);
    expect((await call('POST', '/api/self/passkeys', user, { name: 'first', response })).status).toBe(200);
    const replay = await call('POST', '/api/self/passkeys', user, { name: 'again', response });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.code).toBe('ErrInvalidTokenState');
    expect(await list(user)).toHaveLength(1);
  });

  it("refuses an answer made for another origin or relying party, or another session's challenge", async () => {
    const user = await createSignedInUser(t.app);
    for (const overrides of [{ origin: 'http://evil.example' }, { rpId: 'evil.example' }]) {
      const { res } = await register(user, 'phished', newCredential(), overrides);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'ErrInvalidCredentials', metadata: { field: 'response' } });
    }
    // Options asked in one session, answered in another of the same account.
    const other = await createSignedInUser(t.app);
    const options = await (await call('POST', '/api/self/passkeys/options', user)).json();
    const res = await call('POST', '/api/self/passkeys', other, { name: 'x', response: attest(newCredential(), options, root) });
    expect((await res.json()).error.code).toBe('ErrInvalidTokenState');
    expect(await list(user)).toEqual([]);
  });

  it('refuses a credential already added, to this account or another, with 409', async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const { credential } = await register(owner, 'mine');
    for (const user of [owner, other]) {
      const { res } = await register(user, 'again', credential);
      expect(res.status).toBe(409);
      expect((await res.json()).error.reason).toBe('ErrAlreadyExists');
    }
  });
});

describe('/auth/passkey', () => {
  it('hands out request options with no credentials listed (discoverable) and user verification required', async () => {
    const res = await call('POST', '/auth/passkey/options');
    const options = await res.json();
    expect(options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required', ticket: expect.any(String) });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(res.headers.get('set-cookie')).toMatch(/^outpost_passkey=[\w-]+;.*Path=\/auth;.*HttpOnly;.*SameSite=Strict/);
  });

  it('signs in as /auth/login does: a session token, the scopes, the cookie, and the last use recorded', async () => {
    const user = await createSignedInUser(t.app);
    const { credential } = await register(user, 'laptop');
    // Through the cookie, as the browser does.
    const optionsRes = await call('POST', '/auth/passkey/options');
    const cookie = optionsRes.headers.get('set-cookie')!.split(';')[0];
    const options = await optionsRes.json();
    const res = await call('POST', '/auth/passkey', undefined, { response: assert(credential, options, root) }, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({ session: expect.any(String), scopes: expect.any(Array) });
    expect(res.headers.get('set-cookie')).toContain('outpost_session=');
    const me = await call('GET', '/api/self', { headers: { authorization: `Bearer ${answer.session}` } });
    expect((await me.json()).email).toBe(user.email);
    expect((await list(user))[0].lastUsedAt).not.toBeNull();
    const { activity } = await (await call('GET', '/api/self/activity', user)).json();
    expect(activity[0]).toMatchObject({ event: 'auth.login', actor: { type: 'user', id: String(user.id) }, ip: '127.0.0.1', data: { method: 'passkey' } });
  });

  it('asks no one-time code of an account with two-factor login on: the passkey is both factors', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = await (await call('POST', '/api/self/otp', user)).json();
    expect((await call('PUT', '/api/self/otp', user, { token: currentOtpCode(secret) })).status).toBe(200);
    // The password alone now asks for a code…
    const password = await (await call('POST', '/auth/login', undefined, { email: user.email, password: user.password })).json();
    expect(password.otpNeeded).toBe(true);
    // …the passkey does not.
    const { credential } = await register(user, 'phone');
    const res = await signInWith(credential);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.otpNeeded).toBeUndefined();
    expect(answer.session).toEqual(expect.any(String));
  });

  it('refuses a replayed assertion, one made for another origin or relying party, one without user verification, and a counter gone back', async () => {
    const user = await createSignedInUser(t.app);
    const { credential } = await register(user, 'key');
    const options = await (await call('POST', '/auth/passkey/options')).json();
    const response = assert(credential, options, root);
    expect((await call('POST', '/auth/passkey', undefined, { ticket: options.ticket, response })).status).toBe(200);
    const replay = await call('POST', '/auth/passkey', undefined, { ticket: options.ticket, response });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.code).toBe('ErrInvalidTokenState');
    for (const overrides of [{ origin: 'http://evil.example' }, { rpId: 'evil.example' }, { unverified: true }, { counter: 1 }]) {
      const res = await signInWith(credential, overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((await res.json()).error, JSON.stringify(overrides)).toMatchObject({ code: 'ErrInvalidCredentials', metadata: { reason: 'invalid' } });
    }
    expect((await signInWith(credential)).status).toBe(200);
    const { activity } = await (await call('GET', '/api/self/activity', user)).json();
    expect(activity.filter((e: { event: string }) => e.event === 'auth.login.failed')).toHaveLength(4);
    expect(activity[1]).toMatchObject({ event: 'auth.login.failed', data: { username: user.email, reason: 'invalid', method: 'passkey' } });
  });

  it('refuses a removed passkey as unknown, and records the failure', async () => {
    const user = await createSignedInUser(t.app);
    const { res, credential } = await register(user, 'old');
    const { id } = await res.json();
    expect((await signInWith(credential)).status).toBe(200);
    expect((await call('DELETE', `/api/self/passkeys/${id}`, user)).status).toBe(204);
    const refused = await signInWith(credential);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: 'ErrInvalidCredentials', metadata: { reason: 'unknownPasskey' } });
  });

  it("stops when the address has spent the account's failed-login budget, as the password does", async () => {
    const user = await createSignedInUser(t.app);
    const { credential } = await register(user, 'key');
    for (let i = 0; i < 5; i += 1) await call('POST', '/auth/login', undefined, { email: user.email, password: 'wrong password' });
    const res = await signInWith(credential);
    expect(res.status).toBe(429);
  });
});
