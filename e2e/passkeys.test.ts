import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appWithBrowserPerTest, freshCode, openBrowser, screenshot, signOut, uniqueUser } from './support';

const rig = appWithBrowserPerTest();

/**
 * Gives the browser Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a
 * platform authenticator that keeps discoverable credentials and verifies its user, answering
 * every prompt at once. Answers its id, to read the credentials it holds.
 */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** Registers through the form; the new account (no permissions) lands on its Account screen. */
async function registerAccount(page: Page, user: ReturnType<typeof uniqueUser>) {
  await page.goto('/auth/register');
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('input[name=confirm]').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/account');
}

async function addPasskey(page: Page, name: string) {
  const card = page.getByTestId('account-passkeys');
  await card.getByTestId('passkey-add').click();
  await page.getByTestId('passkey-name').fill(name);
  await page.getByTestId('passkey-save').click();
  await card.getByTestId('passkey-row').filter({ hasText: name }).waitFor();
}

describe('passkeys', () => {
  it('adds a passkey on the Account screen, signs in with it (no code asked with two-factor on), renames and removes it', async () => {
    const { page, context } = rig.browser;
    const authenticator = await addVirtualAuthenticator(context, page);
    const user = uniqueUser();
    await registerAccount(page, user);
    // Two-factor login on: the password would now need a code, the passkey will not.
    const { secret } = await (await page.request.post('/api/self/otp', { data: {} })).json();
    expect((await page.request.put('/api/self/otp', { data: { token: await freshCode(secret) } })).status()).toBe(200);

    await page.goto('/account');
    const card = page.getByTestId('account-passkeys');
    await card.getByText('No passkeys yet').waitFor();
    await card.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name').fill('Work laptop');
    await screenshot(page, 'account-passkey-add');
    await page.getByTestId('passkey-save').click();
    await page.getByText('Passkey added').waitFor();
    await card.getByTestId('passkey-row').filter({ hasText: 'Work laptop' }).getByText('never used').waitFor();
    // A discoverable credential for this panel's host, kept by the authenticator.
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    await signOut(page);
    await page.getByTestId('login-passkey').waitFor();
    await screenshot(page, 'login-passkey');
    await page.getByTestId('login-passkey').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    expect(await page.getByTestId('otp-input').count()).toBe(0);
    await page.goto('/account');
    const row = card.getByTestId('passkey-row');
    await row.getByText(/last used/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-passkeys');

    await row.getByRole('button', { name: 'Rename Work laptop' }).click();
    await page.getByTestId('passkey-name').fill('Old laptop');
    await page.getByTestId('passkey-save').click();
    await row.getByText('Old laptop').waitFor();

    await row.getByRole('button', { name: 'Remove passkey Old laptop' }).click();
    await page.getByText('“Old laptop” will no longer sign you in.', { exact: false }).waitFor();
    await screenshot(page, 'account-passkey-remove');
    await page.getByTestId('passkey-remove-confirm').click();
    await card.getByText('No passkeys yet').waitFor();

    // The authenticator still offers it, and the panel no longer knows it.
    await signOut(page);
    await page.getByTestId('login-passkey').click();
    await page.getByTestId('login-passkey-error').getByText('This passkey is not known here.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await screenshot(page, 'login-passkey-unknown');
  });

  it('adds a passkey twice on one authenticator: the browser refuses the second, said in words', async () => {
    const { page, context } = rig.browser;
    await addVirtualAuthenticator(context, page);
    await registerAccount(page, uniqueUser());
    await page.goto('/account');
    await addPasskey(page, 'Laptop');
    // The options exclude the passkey already added, so the authenticator declines to make another.
    await page.getByTestId('account-passkeys').getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name').fill('Laptop again');
    await page.getByTestId('passkey-save').click();
    await page.getByTestId('passkey-error').getByText('This passkey is already added.').waitFor();
    expect(await page.getByTestId('account-passkeys').getByTestId('passkey-row').count()).toBe(1);
  });

  it('shows the card and the login button in German', async () => {
    const german = await openBrowser(rig.app.url, { locale: 'de-DE' });
    try {
      const { page, context } = german;
      await addVirtualAuthenticator(context, page);
      await registerAccount(page, uniqueUser());
      await page.goto('/account');
      const card = page.getByTestId('account-passkeys');
      await card.getByText('Noch keine Passkeys').waitFor();
      await addPasskey(page, 'Arbeitslaptop');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'account-passkeys-de');
      await signOut(page);
      await page.getByText('Mit einem Passkey anmelden').waitFor();
      await screenshot(page, 'login-passkey-de');
      await page.getByTestId('login-passkey').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    } finally {
      await german.close();
    }
  });
});
