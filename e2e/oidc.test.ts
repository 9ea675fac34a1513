import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, openBrowser, screenshot, signIn, signOut } from './support';

const rig = appWithBrowserPerTest();
let provider: { issuer: string; server: Server };

/** A real OpenID provider (oidc-provider with its development login and consent pages) on 127.0.0.1. */
async function startProvider(panelUrl: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const op = new Provider(issuer, {
    clients: [{ client_id: 'outpost', client_secret: 'e2e-client-secret', redirect_uris: [`${panelUrl}/auth/oidc/1/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'groups'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: `${id}@corp.example`, email_verified: true, preferred_username: id, groups: ['outpost-operators'] }) }),
    cookies: { keys: ['the e2e provider cookie key'] },
  });
  server.on('request', op.callback());
  return { issuer, server };
}

describe('single sign-on through OpenID Connect', () => {
  beforeAll(async () => {
    provider = await startProvider(rig.app.url);
  });
  afterAll(async () => {
    provider?.server.closeAllConnections();
    await new Promise((resolve) => provider?.server.close(resolve));
  });

  it('an admin adds a provider in Settings; a new person signs in through its pages and gets the mapped scopes', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    // The provider runs on this machine: the panel's guard must be told loopback is fine.
    const allowed = await page.evaluate(async () => (await fetch('/api/settings/panel.security.allowPrivateTargets', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ value: '127.0.0.0/8' }) })).status);
    expect(allowed).toBeLessThan(300);

    await page.goto('/settings');
    const card = page.getByTestId('single-sign-on');
    await card.getByText('No provider yet.').waitFor();
    await card.getByTestId('oidc-add').click();
    const form = page.getByTestId('oidc-form');
    await form.locator('input[name=label]').fill('Company SSO');
    await form.locator('input[name=issuer]').fill(provider.issuer);
    await form.locator('input[name=clientId]').fill('outpost');
    await form.locator('input[name=clientSecret]').fill('e2e-client-secret');
    await form.getByLabel('Create accounts on first sign-in').check();
    await form.locator('input[name=allowedDomains]').fill('corp.example');
    await form.locator('input[name=claim]').fill('groups');
    await form.locator('textarea[name=claimValues]').fill('outpost-operators = servers.view, templates.view');
    await form.getByRole('button', { name: 'Save' }).click();
    await card.getByTestId('oidc-provider-1').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-single-sign-on');
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Leave empty to keep the stored secret').waitFor();
    await expect(page.getByTestId('oidc-form').locator('input[name=clientSecret]').inputValue()).resolves.toBe('');
    await screenshot(page, 'settings-single-sign-on-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);

    await page.goto('/auth/login');
    const button = page.getByTestId('oidc-button-1');
    await expect(button.textContent()).resolves.toContain('Continue with Company SSO');
    await screenshot(page, 'login-single-sign-on');
    await button.click();
    // The provider's own pages: its login form, then its consent.
    await page.waitForURL(`${provider.issuer}/**`);
    await page.locator('input[name=login]').fill('erin');
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === rig.app.url && !url.pathname.startsWith('/auth/'));
    const self = await page.evaluate(async () => (await fetch('/api/self')).json() as Promise<{ email: string; scopes?: string[] }>);
    expect(self.email).toBe('erin@corp.example');

    await page.goto('/account');
    const methods = page.getByTestId('account-sign-in-methods');
    await methods.getByText('Linked as erin@corp.example').waitFor();
    await methods.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-sign-in-methods');
    // Its only way in: unlinking is refused with the reason.
    await methods.getByRole('button', { name: 'Unlink' }).click();
    await page.getByText('This is your only way to sign in').waitFor();
  });

  it('shows the login button and the Settings card in German', async () => {
    const german = await openBrowser(rig.app.url, { locale: 'de-DE' });
    try {
      await german.page.goto('/auth/login');
      await german.page.getByText('Weiter mit Company SSO').waitFor();
      await screenshot(german.page, 'login-single-sign-on-de');
      await german.page.goto('/auth/login?oidcError=ErrOidcDomainNotAllowed');
      await german.page.getByTestId('oidc-error').getByText('Für die Domain Ihrer E-Mail-Adresse werden keine Konten angelegt.').waitFor();
      await screenshot(german.page, 'login-single-sign-on-error-de');
      await signIn(german.page, admin);
      await german.page.goto('/settings');
      const card = german.page.getByTestId('single-sign-on');
      await card.getByText('Single Sign-on').waitFor();
      await card.getByTestId('oidc-provider-1').waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(german.page, 'settings-single-sign-on-de');
    } finally {
      await german.close();
    }
  });
});
