import { describe, expect, it } from 'vitest';
import { appWithBrowserPerTest, freshCode, screenshot, signIn, signOut, submitLogin, typeCode, uniqueUser } from './support';

const rig = appWithBrowserPerTest();

/** Registers through the form, reached from the login page's link. */
async function register(user: ReturnType<typeof uniqueUser>) {
  const { page } = rig.browser;
  await page.goto('/');
  await page.getByRole('link', { name: 'Create one' }).click();
  await page.waitForURL('**/auth/register');
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('input[name=confirm]').fill(user.password);
  await page.locator('form button[type=submit]').click();
  // A new account holds no permissions, so it lands on its own account page.
  await page.waitForURL('**/account');
}

describe('account', () => {
  it('registers, signs out and signs in again', async () => {
    const { page } = rig.browser;
    const user = uniqueUser();
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    await screenshot(page, 'login-light');

    await page.getByRole('link', { name: 'Create one' }).click();
    await page.locator('input[name=username]').fill('abc');
    await page.locator('input[name=password]').fill('short');
    await page.locator('form button[type=submit]').click();
    await page.getByText('Username needs at least 5 characters').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await screenshot(page, 'register-errors');

    await register(user);
    await page.getByText(`Signed in as ${user.username}`).waitFor();
    // No permissions: the menu offers only Account.
    await expect(page.getByTestId('nav-server').count()).resolves.toBe(0);
    await screenshot(page, 'account-light');

    await signOut(page);
    await submitLogin(page, { email: user.email, password: 'wrong-password' });
    await page.getByTestId('login-error').waitFor();
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain('Invalid credentials');

    await signIn(page, user);
    expect(new URL(page.url()).pathname).toBe('/account');
  });

  it('changes the password and signs in with the new one', async () => {
    const { page } = rig.browser;
    const user = uniqueUser();
    await register(user);
    const card = page.getByTestId('account-password');
    const newPassword = `${user.password}-new`;
    await card.locator('input[name=oldPassword]').fill(user.password);
    await card.locator('input[name=newPassword]').fill(newPassword);
    await card.locator('input[name=confirmPassword]').fill(newPassword);
    await card.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Saved').waitFor();

    await signOut(page);
    await submitLogin(page, { email: user.email, password: user.password });
    await page.getByTestId('login-error').waitFor();
    await signIn(page, { email: user.email, password: newPassword });
    expect(new URL(page.url()).pathname).toBe('/account');
  });

  it('enables two-factor login and signs in with a code', async () => {
    const { page } = rig.browser;
    const user = uniqueUser();
    await register(user);
    const card = page.getByTestId('account-otp');
    await expect(card.getByTestId('otp-status').textContent()).resolves.toBe('Off');
    await card.getByRole('button', { name: 'Enable' }).click();
    const secret = (await card.getByTestId('otp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await screenshot(page, 'account-otp-setup');
    await typeCode(page, 'otp-confirm-input', await freshCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    // The recovery codes show once; the card returns when the user says they are saved.
    await card.getByTestId('recovery-codes').waitFor();
    await card.getByTestId('recovery-saved').check();
    await card.getByTestId('recovery-done').click();
    await card.getByText('On', { exact: true }).waitFor();

    await signOut(page);
    await submitLogin(page, user);
    await page.getByTestId('otp-input').waitFor();
    await screenshot(page, 'login-otp');
    await typeCode(page, 'otp-input', await freshCode(secret));
    await page.waitForURL('**/account');
    await expect(page.getByTestId('account-otp').getByTestId('otp-status').textContent()).resolves.toBe('On');
  });

  it('says a wrong current password beside the field, with no "Something went wrong"', async () => {
    const { page } = rig.browser;
    const user = uniqueUser();
    await register(user);
    const card = page.getByTestId('account-username');
    await card.locator('input[name=username]').fill(`${user.username}x`);
    await card.locator('input[name=password]').fill('not-my-password');
    await card.getByRole('button', { name: 'Change username' }).click();
    await card.getByText('This is not your current password. Type it again.').waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await screenshot(page, 'error-beside-field');
  });

  it('logs out with only the timed-out message when the session ends', async () => {
    const { page, context } = rig.browser;
    const user = uniqueUser();
    await register(user);
    await page.getByTestId('account-password').waitFor();
    await context.clearCookies();
    await page.getByTestId('account-password').locator('input[name=oldPassword]').fill(user.password);
    await page.getByTestId('account-password').locator('input[name=newPassword]').fill(`${user.password}2`);
    await page.getByTestId('account-password').locator('input[name=confirmPassword]').fill(`${user.password}2`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByText('Your session timed out, please log in again').waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('scopes'))).toBeNull();
  });
});
