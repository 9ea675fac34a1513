import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { Scopes, SettingKeys, type OidcProvider, type OidcProviderRequest } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

const PANEL = 'http://panel.test';

/** The people the test's OpenID provider knows, by the login typed into its form. */
const people: Record<string, { email: string; email_verified: boolean; preferred_username?: string; groups?: string[] }> = {};

/** A real OpenID provider (oidc-provider, its development login and consent pages) on 127.0.0.1. */
async function startProvider() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'outpost',
        client_secret: 'outpost-client-secret',
        redirect_uris: Array.from({ length: 10 }, (_, i) => `${PANEL}/auth/oidc/${i + 1}/callback`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'groups'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...people[id] }) }),
    cookies: { keys: ['a test key that signs the provider cookies'] },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Cookies of one site, as a browser keeps them (path and expiry left aside: one test, one site each). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser driven by hand: the panel through inject, the provider over HTTP, redirects followed one by one. */
class Browser {
  readonly panel = new CookieJar();
  readonly provider = new CookieJar();
  constructor(private readonly app: FastifyInstance) {}

  async panelRequest(method: 'GET' | 'POST', url: string, payload?: object) {
    const path = url.startsWith(PANEL) ? url.slice(PANEL.length) : url;
    const response = await this.app.inject({ method, url: path, headers: { cookie: this.panel.header() }, ...(payload ? { payload } : {}) });
    const setCookie = response.headers['set-cookie'];
    this.panel.take(setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
    return response;
  }

  /** Clicks the provider's button, signs in at the provider as `login` and consents; answers where the panel sends the browser last. */
  async signInWith(providerId: number, login: string): Promise<URL> {
    let response = await this.panelRequest('GET', `/auth/oidc/${providerId}/start`);
    let location = String(response.headers.location);
    for (let hop = 0; hop < 20; hop++) {
      if (location.startsWith(PANEL)) {
        response = await this.panelRequest('GET', location);
        if (response.statusCode !== 302) throw new Error(`panel answered ${response.statusCode}: ${response.body}`);
        location = String(response.headers.location);
        if (new URL(location).pathname === '/auth/login') return new URL(location);
        continue;
      }
      location = await this.providerStep(location, login);
    }
    throw new Error('too many redirects');
  }

  /** One step at the provider: follows a redirect, or fills in its login or consent form. */
  private async providerStep(url: string, login: string): Promise<string> {
    const answer = await fetch(url, { redirect: 'manual', headers: { cookie: this.provider.header() } });
    this.provider.take(answer.headers.getSetCookie());
    if (answer.status >= 300 && answer.status < 400) return new URL(answer.headers.get('location')!, url).href;
    const html = await answer.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider showed no form (${answer.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const posted = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual', body: form, headers: { cookie: this.provider.header() } });
    this.provider.take(posted.headers.getSetCookie());
    return new URL(posted.headers.get('location')!, url).href;
  }
}

describe('OpenID Connect sign-in against a real provider', () => {
  let t: TestApp;
  let op: Awaited<ReturnType<typeof startProvider>>;
  let admin: TestUser;

  const addProvider = async (body: Partial<OidcProviderRequest>, headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oidc/providers',
      headers,
      payload: { label: 'Company SSO', issuer: op.issuer, clientId: 'outpost', clientSecret: 'outpost-client-secret', ...body },
    });
  const added = async (body: Partial<OidcProviderRequest>) => {
    const response = await addProvider(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OidcProvider>();
  };
  const scopesOf = (userId: number) => t.app.panel.repo.permissions.panelScopes(userId);

  beforeAll(async () => {
    op = await startProvider();
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    await t.app.panel.repo.settings.setMany({ [SettingKeys.masterUrl]: PANEL, [SettingKeys.allowPrivateTargets]: '127.0.0.0/8' });
  });
  afterAll(async () => {
    await t?.close();
    if (op) await closeServer(op.server);
  });

  it('creates an account on first sign-in with the scopes its groups map to, and re-syncs them at the next', async () => {
    const provider = await added({ createAccounts: true, claimMapping: { claim: 'groups', values: { 'outpost-viewers': [Scopes.ServersView, Scopes.TemplatesView] } } });
    people.alice = { email: 'alice@corp.example', email_verified: true, preferred_username: 'alice.smith', groups: ['outpost-viewers', 'staff'] };
    const browser = new Browser(t.app);
    const landed = await browser.signInWith(provider.id, 'alice');
    expect(landed.searchParams.get('oidc')).toBe('done');
    const user = (await t.app.panel.repo.users.byEmail('alice@corp.example'))!;
    expect(user.username).toBe('alicesmith');
    expect((await scopesOf(user.id)).sort()).toEqual([Scopes.ServersView, Scopes.TemplatesView].sort());
    // The browser holds a session now: the login page swaps it for its scopes.
    const reauth = await browser.panelRequest('POST', '/auth/reauth');
    expect(reauth.statusCode).toBe(200);
    expect(reauth.json<{ scopes: string[] }>().scopes).toContain(Scopes.ServersView);
    // The account has no password: nobody signs in to it with one.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'alice@corp.example', password: '!none' } });
    expect(login.statusCode).toBe(400);

    // Removed from the group at the provider: the mapped scopes go at the next sign-in, one granted by hand stays.
    await t.app.panel.repo.permissions.replace(user.id, null, [Scopes.ServersView, Scopes.TemplatesView, Scopes.NodesView]);
    people.alice.groups = ['staff'];
    expect((await new Browser(t.app).signInWith(provider.id, 'alice')).searchParams.get('oidc')).toBe('done');
    expect(await scopesOf(user.id)).toEqual([Scopes.NodesView]);

    const activity = await t.app.inject({ method: 'GET', url: '/api/activity?event=auth.login', headers: admin.headers });
    expect(activity.body).toContain('"method":"oidc"');
  });

  it('links an existing account only after its password, when the provider says the email is verified', async () => {
    const provider = await added({ label: 'Link SSO' });
    const bob = await createSignedInUser(t.app);
    people.bob = { email: bob.email, email_verified: true };
    const browser = new Browser(t.app);
    const landed = await browser.signInWith(provider.id, 'bob');
    expect(landed.searchParams.get('oidc')).toBe('link');
    // No session yet: the link waits for the password.
    expect((await browser.panelRequest('POST', '/auth/reauth')).statusCode).toBe(401);
    const pending = await browser.panelRequest('GET', '/auth/oidc/link');
    expect(pending.json()).toEqual({ provider: 'Link SSO', email: bob.email });
    const wrong = await browser.panelRequest('POST', '/auth/oidc/link', { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { reason: string } }>().error.reason).toBe('ErrInvalidCredentials');
    const right = await browser.panelRequest('POST', '/auth/oidc/link', { password: bob.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ session?: string }>().session).toBeTruthy();
    // Linked: the next sign-in asks nothing more.
    expect((await new Browser(t.app).signInWith(provider.id, 'bob')).searchParams.get('oidc')).toBe('done');
    const methods = await t.app.inject({ method: 'GET', url: '/api/self/oidc', headers: bob.headers });
    expect(methods.json()).toMatchObject({ passwordSet: true, links: [{ provider: provider.id, label: 'Link SSO', email: bob.email }] });
    // With a password the account keeps a way in: it may unlink.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/self/oidc/${provider.id}`, headers: bob.headers })).statusCode).toBe(204);
  });

  it('refuses to link an account when the provider does not say the email is verified', async () => {
    const provider = await added({ label: 'Unverified SSO', createAccounts: true });
    const carol = await createSignedInUser(t.app);
    people.carol = { email: carol.email, email_verified: false };
    const landed = await new Browser(t.app).signInWith(provider.id, 'carol');
    expect(landed.searchParams.get('oidcError')).toBe('ErrOidcEmailNotVerified');
    expect(await t.app.panel.repo.oidcLinks.ofUser(carol.id)).toEqual([]);
    // Nor does an unverified address get a new account.
    people.carol2 = { email: 'carol2@corp.example', email_verified: false };
    expect((await new Browser(t.app).signInWith(provider.id, 'carol2')).searchParams.get('oidcError')).toBe('ErrOidcEmailNotVerified');
    expect(await t.app.panel.repo.users.byEmail('carol2@corp.example')).toBeUndefined();
  });

  it('makes no account for a domain outside the allowed list, nor when creation is off', async () => {
    const restricted = await added({ label: 'Domain SSO', createAccounts: true, allowedDomains: ['corp.example'] });
    people.mallory = { email: 'mallory@elsewhere.example', email_verified: true };
    expect((await new Browser(t.app).signInWith(restricted.id, 'mallory')).searchParams.get('oidcError')).toBe('ErrOidcDomainNotAllowed');
    expect(await t.app.panel.repo.users.byEmail('mallory@elsewhere.example')).toBeUndefined();

    const closed = await added({ label: 'Closed SSO', createAccounts: false });
    expect((await new Browser(t.app).signInWith(closed.id, 'mallory')).searchParams.get('oidcError')).toBe('ErrOidcNoAccount');
    const failed = await t.app.inject({ method: 'GET', url: '/api/activity?event=auth.login.failed', headers: admin.headers });
    expect(failed.body).toContain('ErrOidcDomainNotAllowed');
  });

  it('refuses a callback with a forged state, and a callback used twice', async () => {
    const provider = await added({ label: 'State SSO', createAccounts: true });
    const browser = new Browser(t.app);
    const start = await browser.panelRequest('GET', `/auth/oidc/${provider.id}/start`);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const forged = await browser.panelRequest('GET', `/auth/oidc/${provider.id}/callback?state=forged&code=whatever`);
    expect(forged.statusCode).toBe(302);
    expect(new URL(String(forged.headers.location)).searchParams.get('oidcError')).toBe('ErrOidcStateInvalid');
    // The real state of another browser's flow is no better without that browser's cookie.
    const stranger = await new Browser(t.app).panelRequest('GET', `/auth/oidc/${provider.id}/callback?state=${authorize.searchParams.get('state')}&code=whatever`);
    expect(new URL(String(stranger.headers.location)).searchParams.get('oidcError')).toBe('ErrOidcStateInvalid');
  });

  it('shows a readable error when the provider is down or denies the sign-in', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadIssuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await closeServer(closed);
    const down = await added({ label: 'Down SSO', issuer: deadIssuer });
    const start = await new Browser(t.app).panelRequest('GET', `/auth/oidc/${down.id}/start`);
    expect(new URL(String(start.headers.location)).searchParams.get('oidcError')).toBe('ErrOidcProviderDown');

    const provider = await added({ label: 'Deny SSO' });
    const browser = new Browser(t.app);
    const state = new URL(String((await browser.panelRequest('GET', `/auth/oidc/${provider.id}/start`)).headers.location)).searchParams.get('state');
    const denied = await browser.panelRequest('GET', `/auth/oidc/${provider.id}/callback?state=${state}&error=access_denied`);
    expect(new URL(String(denied.headers.location)).searchParams.get('oidcError')).toBe('ErrOidcDenied');
  });

  it('goes through the private-address guard: a provider on loopback is refused unless the setting allows it', async () => {
    const provider = await added({ label: 'Guarded SSO' });
    await t.app.panel.repo.settings.setMany({ [SettingKeys.allowPrivateTargets]: '' });
    try {
      const start = await new Browser(t.app).panelRequest('GET', `/auth/oidc/${provider.id}/start`);
      expect(new URL(String(start.headers.location)).searchParams.get('oidcError')).toBe('ErrPrivateTarget');
    } finally {
      await t.app.panel.repo.settings.setMany({ [SettingKeys.allowPrivateTargets]: '127.0.0.0/8' });
    }
  });

  it('refuses to unlink the only way into an account the provider made', async () => {
    const provider = await added({ label: 'Only SSO', createAccounts: true });
    people.dave = { email: 'dave@corp.example', email_verified: true };
    const browser = new Browser(t.app);
    expect((await browser.signInWith(provider.id, 'dave')).searchParams.get('oidc')).toBe('done');
    const unlink = await browser.panelRequest('GET', '/api/self/oidc');
    expect(unlink.json()).toMatchObject({ passwordSet: false, links: [{ provider: provider.id }] });
    // The session cookie is SameSite=Strict and sent with the panel's own calls.
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/self/oidc/${provider.id}`, headers: { cookie: browser.panel.header(), 'x-requested-with': 'outpost' } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: { reason: string } }>().error.reason).toBe('ErrOidcLastSignInMethod');
  });

  it('keeps the client secret write-only and lets only settings editors manage providers', async () => {
    const provider = await added({ label: 'Secret SSO' });
    expect(provider).toMatchObject({ clientSecretSet: true, redirectUri: `${PANEL}/auth/oidc/${provider.id}/callback`, scopes: 'openid email profile' });
    expect(JSON.stringify(provider)).not.toContain('outpost-client-secret');
    const kept = await t.app.inject({ method: 'PUT', url: `/api/oidc/providers/${provider.id}`, headers: admin.headers, payload: { label: 'Renamed', issuer: op.issuer, clientId: 'outpost', clientSecret: '' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await t.app.panel.repo.oidcProviders.byId(provider.id))!.clientSecret).toBe('outpost-client-secret');
    const list = await t.app.inject({ method: 'GET', url: '/api/oidc/providers', headers: admin.headers });
    expect(list.body).not.toContain('outpost-client-secret');
    const buttons = await t.app.inject({ method: 'GET', url: '/auth/oidc/providers' });
    expect(buttons.json()).toContainEqual({ id: provider.id, label: 'Renamed', icon: 'none' });
    expect(buttons.body).not.toContain('clientId');

    const nobody = await createSignedInUser(t.app);
    expect((await addProvider({}, nobody.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/oidc/providers' })).statusCode).toBe(401);
    // A settings editor who is not an administrator cannot make a provider hand out admin.
    const editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
    const escalate = await addProvider({ claimMapping: { claim: 'groups', values: { x: [Scopes.ServersAdmin] } } }, editor.headers);
    expect(escalate.statusCode).toBe(403);
    expect((await addProvider({ issuer: 'http://idp.corp.example' })).statusCode).toBe(400);
    expect((await addProvider({ scopes: 'email profile' })).statusCode).toBe(400);
  });
});
