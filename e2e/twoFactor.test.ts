import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, freshCode, openBrowser, screenshot, submitLogin, typeCode, uniqueUser } from './support';
import { appWithBrowserPerTest } from './support';

const rig = appWithBrowserPerTest();

/** A raw HTTP call to the test app, signed in with `session` when given. */
async function call(method: string, path: string, body?: unknown, session?: string) {
  const res = await fetch(`${rig.app.url}${path}`, {
    method,
    headers: { ...(session ? { authorization: `Bearer ${session}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Registers an account over HTTP; answers its id and session. */
async function registerUser(user: ReturnType<typeof uniqueUser>) {
  const registered = await call('POST', '/auth/register', { ...user, confirmPassword: user.password });
  expect(registered.status).toBe(200);
  const self = await call('GET', '/api/self', undefined, registered.body.session);
  return { id: self.body.id as number, session: registered.body.session as string };
}

async function switchLanguage(page: Page, locale: string) {
  await page.getByTestId('language-button').click();
  await page.locator(`[data-locale=${locale}]`).click();
}

describe('two-factor login', () => {
  it('takes a new administrator straight to the set-up once the panel requires it, and nowhere else until it is on', async () => {
    const { page } = rig.browser;
    const newAdmin = uniqueUser('newadmin');
    const { id } = await registerUser(newAdmin);
    const adminSession = (await call('POST', '/auth/login', admin)).body.session as string;
    expect((await call('PUT', `/api/users/${id}/perms`, { scopes: ['servers.admin'] }, adminSession)).status).toBe(204);

    // The administrator requires it of administrators in Settings.
    await submitLogin(page, admin);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await page.goto('/settings');
    const select = page.locator('[data-setting="panel.security.requireTwoFactor"]');
    await select.click();
    await page.getByRole('option', { name: 'For administrators' }).click();
    await screenshot(page, 'settings-require-two-factor');
    await page.getByTestId('settings-save').click();
    await page.getByText('Saved').first().waitFor();
    expect((await call('GET', '/api/settings/panel.security.requireTwoFactor', undefined, adminSession)).body.error.reason).toBe('ErrTwoFactorRequired');

    // The new administrator signs in with the password and meets the set-up, whatever the address.
    const second = await openBrowser(rig.app.url);
    try {
      const p = second.page;
      await submitLogin(p, newAdmin);
      await p.getByTestId('two-factor-required').waitFor();
      await p.getByTestId('otp-secret').waitFor();
      await screenshot(p, 'two-factor-required');
      await p.goto('/user');
      await p.getByTestId('otp-secret').waitFor();
      expect(await p.getByTestId('nav-user').count()).toBe(0);

      await switchLanguage(p, 'de_DE');
      await p.getByText('Zwei-Faktor-Anmeldung einrichten').first().waitFor();
      await screenshot(p, 'two-factor-required-de');

      const secret = (await p.getByTestId('otp-secret').textContent())?.trim() ?? '';
      await typeCode(p, 'otp-confirm-input', await freshCode(secret));
      await p.getByRole('button', { name: 'Einschalten' }).click();
      await p.getByTestId('recovery-codes').waitFor();
      const codes = await p.getByTestId('recovery-code').allTextContents();
      expect(codes).toHaveLength(10);
      // Continuing waits for the user to say the codes are saved.
      expect(await p.getByTestId('recovery-done').isDisabled()).toBe(true);
      await screenshot(p, 'two-factor-recovery-codes-de');
      await p.getByTestId('recovery-saved').check();
      await p.getByTestId('recovery-done').click();

      // The limit is gone for this very session: the menu and the users list are there.
      await p.getByTestId('nav-user').waitFor();
      await p.goto('/user');
      await p.getByText(newAdmin.username).first().waitFor();
      await screenshot(p, 'two-factor-done-de');
    } finally {
      await second.close();
    }
  });

  it('signs in once with a recovery code in place of the one-time code, then regenerates them', async () => {
    const { page } = rig.browser;
    const user = uniqueUser();
    const { session } = await registerUser(user);
    const { secret } = (await call('POST', '/api/self/otp', undefined, session)).body;
    const enabled = await call('PUT', '/api/self/otp', { token: await freshCode(secret) }, session);
    const codes: string[] = enabled.body.recoveryCodes;
    expect(codes).toHaveLength(10);

    await submitLogin(page, user);
    await page.getByTestId('otp-input').waitFor();
    await page.getByTestId('otp-use-recovery').click();
    await page.getByTestId('otp-recovery-input').fill(codes[0]);
    await screenshot(page, 'login-recovery-code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/account');
    await page.getByText('Recovery codes left: 9').first().waitFor();
    await expect(page.getByTestId('recovery-left').textContent()).resolves.toBe('Recovery codes left: 9');
    await screenshot(page, 'account-recovery-left');

    // Regenerate: the password, then ten new codes; the old ones no longer sign in.
    await page.getByTestId('recovery-regenerate').click();
    await page.getByTestId('recovery-password').fill(user.password);
    await page.getByRole('button', { name: 'Regenerate' }).last().click();
    await page.getByTestId('recovery-codes').waitFor();
    const fresh = await page.getByTestId('recovery-code').allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    await screenshot(page, 'account-recovery-regenerated');
    await page.getByTestId('recovery-saved').check();
    await page.getByTestId('recovery-done').click();
    await expect(page.getByTestId('recovery-left').textContent()).resolves.toBe('Recovery codes left: 10');

    // In German, a used code is refused where it was typed.
    await page.getByTestId('nav-logout').click();
    await page.waitForURL('**/auth/login');
    await switchLanguage(page, 'de_DE');
    await page.locator('input[name=email]').fill(user.email);
    await page.locator('input[name=password]').fill(user.password);
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('otp-use-recovery').click();
    await page.getByText('Geben Sie einen Ihrer Wiederherstellungscodes ein').waitFor();
    await page.getByTestId('otp-recovery-input').fill(codes[1]);
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await screenshot(page, 'login-recovery-code-refused-de');
    await page.getByTestId('otp-recovery-input').fill(fresh[0]);
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await page.waitForURL('**/account');
    await expect(page.getByTestId('recovery-left').textContent()).resolves.toBe('Verbleibende Wiederherstellungscodes: 9');
  });
});
