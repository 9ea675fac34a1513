import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../packages/panel/src/test/mailCatcher';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn, signOut, submitLogin, uniqueUser } from './support';

const rig = appWithBrowserPerTest();
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher?.close();
});

/** The newest mail to an address with a subject, once it has arrived. */
const mailTo = (email: string, subject: string): Promise<CaughtMail> =>
  vi.waitUntil(() => catcher.mails.findLast((m) => m.rcptTo.includes(email) && m.subject === subject), { timeout: 20_000, interval: 100 });

/** Points the panel's mail at the catcher through the settings screen, and sends the test mail. */
async function configureMail(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByTestId('setting-email-provider').click();
  await page.getByRole('option', { name: 'SMTP' }).click();
  await page.getByTestId('setting-panel.email.from').fill('Outpost <panel@outpost.test>');
  await page.getByTestId('setting-panel.email.host').fill(`127.0.0.1:${catcher.port}`);
  await page.getByRole('combobox', { name: 'Encryption' }).click();
  await page.getByRole('option', { name: 'None (plain text)' }).click();
  await page.getByTestId('email-test').click();
  await page.getByText(`Test email accepted for ${admin.email}`).waitFor();
  await screenshot(page, 'email-settings');
  expect((await mailTo(admin.email, 'Test email from Outpost')).text).toContain('This is a test email.');
}

describe('mail', () => {
  it('invites an email from a server\'s users tab; the invitee follows the mailed link and lands with the granted permission', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e invited');
    const invitee = uniqueUser('invitee');

    // Without a mail provider an unknown email cannot be invited, and the tab says why.
    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=users]').click();
    await page.getByTestId('server-user-add').click();
    await page.getByTestId('server-user-new').getByTestId('server-user-email').fill(invitee.email);
    await page.getByTestId('server-user-new').getByTestId('server-user-save').click();
    await page.getByText('the panel cannot send mail to invite it').waitFor();
    await screenshot(page, 'server-users-no-email');

    await configureMail(page);
    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=users]').click();
    await page.getByTestId('server-user-add').click();
    const entry = page.getByTestId('server-user-new');
    await entry.getByTestId('server-user-email').fill(invitee.email);
    await entry.getByTestId('flag-viewServerConsole').click();
    await entry.getByTestId('server-user-save').click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await page.getByTestId(`server-user-${invitee.email}`).getByTestId('server-user-pending').waitFor();
    await screenshot(page, 'server-users-invited');

    const mail = await mailTo(invitee.email, 'You are invited to e2e invited');
    expect(mail.html).toContain('Accept the invitation');
    expect(mail.link).toMatch(new RegExp(`^${rig.app.url}/auth/invite\\?token=`));
    await signOut(page);

    await page.goto(mail.link!);
    await expect.poll(() => page.getByTestId('invite-email').inputValue()).toBe(invitee.email);
    await page.locator('input[name=username]').fill(invitee.username);
    await page.locator('input[name=password]').fill(invitee.password);
    await page.locator('input[name=confirm]').fill(invitee.password);
    await screenshot(page, 'invite');
    await page.locator('form button[type=submit]').click();

    // Signed in, with the server listed and exactly console view on it.
    await page.getByTestId('server-list').getByText('e2e invited').click();
    await page.waitForURL(`**/server/${id}`);
    await page.getByTestId('console-terminal').waitFor();
    const tabs = await page.getByTestId('server-tabs').locator('[data-tab]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));
    expect(tabs).toEqual(['console', 'admin']);
    await expect(page.getByTestId('control-start').count()).resolves.toBe(0);
    await screenshot(page, 'invitee-first-sign-in');

    // The link made one account: used again, it is refused.
    await signOut(page);
    await page.goto(mail.link!);
    await page.getByTestId('invite-invalid').waitFor();
    await screenshot(page, 'invite-invalid');
  });

  it('resets a forgotten password from the mailed link, then signs in with the new one', async () => {
    const { page } = rig.browser;
    const user = uniqueUser('forgetful');
    const registered = await fetch(`${rig.app.url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
    expect(registered.status).toBe(200);

    await page.goto('/auth/login');
    await page.getByTestId('login-forgot').click();
    await page.waitForURL('**/auth/forgot');
    // The router keeps the login form (it has an email field too) on screen until the next screen's code is in.
    await page.getByRole('button', { name: 'Send link' }).waitFor();
    await page.locator('input[name=email]').fill(user.email);
    await screenshot(page, 'forgot-password');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('forgot-sent').waitFor();
    await screenshot(page, 'forgot-password-sent');

    const mail = await mailTo(user.email, 'Reset your password');
    expect(mail.link).toMatch(new RegExp(`^${rig.app.url}/auth/reset\\?token=`));
    await page.goto(mail.link!);
    const fresh = 'a-brand-new-password';
    await page.locator('input[name=password]').fill(fresh);
    await page.locator('input[name=confirm]').fill(fresh);
    await screenshot(page, 'reset-password');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('reset-done').waitFor();
    await expect.poll(() => mailTo(user.email, 'Your password was changed').then((m) => m.subject)).toBe('Your password was changed');

    // The old password no longer works; the new one does.
    await submitLogin(page, user);
    await page.getByTestId('login-error').waitFor();
    await signIn(page, { email: user.email, password: fresh });
    await page.getByTestId('nav-logout').waitFor();
  });
});
