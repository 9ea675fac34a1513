import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, openBrowser, screenshot, signIn, signOut, submitLogin, uniqueUser } from './support';
import { startApp } from './support/startApp';

const rig = appWithBrowserPerTest();

/** Fills the add-user form by field name and submits it. */
async function fillUserForm(page: Page, user: { username: string; email: string; password: string }, confirm = user.password): Promise<void> {
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('input[name=confirmPassword]').fill(confirm);
}

/** What a call from the signed-in page answers, as a script of the user would see it. */
const statusOf = (page: Page, url: string) => page.evaluate(async (path) => (await fetch(path)).status, url);

describe('users', () => {
  it('an admin creates a user and grants a panel scope that then works for that user', async () => {
    const { page } = rig.browser;
    const person = uniqueUser('granted');
    await signIn(page, admin);
    await page.getByTestId('nav-user').click();
    await page.waitForURL('**/user');
    await page.getByTestId('user-list').getByText(admin.email).waitFor();
    await screenshot(page, 'users-list');

    // The form checks the spec's rules before anything is sent.
    await page.getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL('**/adduser');
    await fillUserForm(page, { username: 'abc', email: 'not-an-email', password: 'short' }, 'shorter');
    await page.getByTestId('user-form-submit').click();
    for (const message of ['Username needs at least 5 characters', 'Not a valid email', 'Password must be at least 8 characters', 'Passwords are not the same']) {
      await page.getByText(message).waitFor();
    }
    await screenshot(page, 'add-user-invalid');

    // A taken email is the panel's answer, shown at the field.
    await fillUserForm(page, { ...person, email: admin.email });
    await page.getByTestId('user-form-submit').click();
    await page.locator('form').getByText('A user with this email already exists').waitFor();

    await fillUserForm(page, person);
    await screenshot(page, 'add-user');
    await page.getByTestId('user-form-submit').click();
    await page.getByText('User created').waitFor();
    await page.waitForURL(/\/user\/\d+$/);
    const userId = new URL(page.url()).pathname.split('/').pop()!;

    // A fresh user holds nothing; the administrator may hand out every switch.
    const templatesView = page.getByTestId('scope-templates.view');
    await expect(templatesView.isChecked()).resolves.toBe(false);
    await expect(page.getByTestId('scope-settings.edit').isDisabled()).resolves.toBe(false);
    await templatesView.click();
    await page.getByTestId('user-permissions-save').click();
    await page.getByText('Permissions saved').waitFor();
    await screenshot(page, 'user-edit');

    // The search finds the new user by a part of the name.
    await page.getByTestId('nav-user').click();
    await page.getByTestId('user-search').fill(person.username.slice(3, 10));
    await expect.poll(() => page.getByTestId('user-list').locator('tbody tr').count()).toBe(1);
    await page.getByTestId('user-list').getByText(person.email).waitFor();
    await screenshot(page, 'users-search');
    await signOut(page);

    // The new user sees Templates and nothing else of the kind; the panel answers the same.
    await signIn(page, person);
    await page.getByTestId('nav-template').click();
    await page.waitForURL('**/template');
    await page.getByText('No templates yet').waitFor();
    await expect(page.getByTestId('nav-user').count()).resolves.toBe(0);
    await expect(statusOf(page, '/api/templates')).resolves.toBe(200);
    await expect(statusOf(page, '/api/users')).resolves.toBe(403);
    await expect(statusOf(page, `/api/users/${userId}/perms`)).resolves.toBe(403);
    await screenshot(page, 'user-granted-templates');
  });

  it('an admin deletes a user after confirming, who can then no longer sign in', async () => {
    const { page } = rig.browser;
    const person = uniqueUser('leaving');
    await signIn(page, admin);
    await page.goto('/adduser');
    await fillUserForm(page, person);
    await page.getByTestId('user-form-submit').click();
    await page.waitForURL(/\/user\/\d+$/);

    // A partial edit: the new name shows at once, and the name of another user is refused at the field.
    const renamed = `${person.username}x`;
    await page.getByTestId('user-account').locator('input[name=username]').fill(admin.username);
    await page.getByTestId('user-account').getByTestId('user-form-submit').click();
    await page.getByTestId('user-account').locator('form').getByText('A user with this username already exists').waitFor();
    await page.getByTestId('user-account').locator('input[name=username]').fill(renamed);
    await page.getByTestId('user-account').getByTestId('user-form-submit').click();
    await page.getByText('User updated').waitFor();
    await page.getByRole('heading', { name: renamed }).waitFor();

    await page.getByTestId('delete-user').click();
    await page.getByRole('dialog').getByText(`${renamed} is signed out at once`).waitFor();
    await screenshot(page, 'user-delete-confirm');
    await page.getByTestId('delete-user-confirm').click();
    await page.getByText('User deleted').waitFor();
    await page.waitForURL('**/user');
    await page.getByTestId('user-list').getByText(admin.email).waitFor();
    await expect(page.getByTestId('user-list').getByText(person.email).count()).resolves.toBe(0);
    await signOut(page);

    await submitLogin(page, person);
    await page.getByText('invalid credentials', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('on a panel without an administrator, the command shown makes the signed-in account one', async () => {
    const bare = await startApp({ OUTPOST_ADMIN_EMAIL: '', OUTPOST_ADMIN_PASSWORD: '' });
    const browser = await openBrowser(bare.url);
    try {
      const { page } = browser;
      const first = uniqueUser('first');
      const registered = await fetch(`${bare.url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(first) });
      expect(registered.status).toBe(200);
      await signIn(page, first);
      await page.getByTestId('first-admin-hint').waitFor();
      const command = await page.getByTestId('first-admin-command').innerText();
      expect(command).toBe(`npx outpost user add --admin --email ${first.email}`);
      await expect(page.getByTestId('nav-user').count()).resolves.toBe(0);
      await screenshot(page, 'first-admin-hint');

      // Run what the hint says, against this panel's data folder, as an operator would.
      const bin = new URL('../packages/cli/bin/outpost.js', import.meta.url).pathname;
      const printed = execFileSync(process.execPath, [bin, ...command.split(' ').slice(2)], { env: { ...process.env, OUTPOST_DATA_DIR: bare.dataDir }, encoding: 'utf8' });
      expect(printed).toContain('is now an administrator');

      await signOut(page);
      await signIn(page, first);
      await page.getByTestId('nav-user').click();
      await page.getByTestId('user-list').getByText(first.email).waitFor();
      await expect(page.getByTestId('first-admin-hint').count()).resolves.toBe(0);
    } finally {
      await browser.close();
      await bare.stop();
    }
  });
});
