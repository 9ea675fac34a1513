import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, openBrowser, screenshot, signIn, type Browser } from './support';

const rig = appWithBrowserPerTest();

const scheme = (b: Browser) => b.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

describe('shell', () => {
  it('shows the admin every menu entry, each with its screen, and the 404 page', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    expect(new URL(page.url()).pathname).toBe('/server');
    for (const entry of ['account', 'server', 'node', 'user', 'template', 'settings']) {
      await page.getByTestId(`nav-${entry}`).waitFor();
    }
    await page.getByTestId('nav-node').click();
    await page.getByTestId('node-list').waitFor();
    await screenshot(page, 'nodes');

    // Keyboard shortcuts: g c opens settings, g a the account.
    await page.locator('body').click();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await page.waitForURL('**/settings');
    await page.getByText('Master URL').waitFor();
    await screenshot(page, 'settings');
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.waitForURL('**/account');

    await page.goto('/no/such/page');
    await page.waitForURL('**/errors/404');
    await page.getByText('There is no page at this address').waitFor();
  });

  it('keeps dark mode and the theme across a reload and a new sign-in', async () => {
    const { page } = rig.browser;
    const theme = (b: Browser) => b.page.evaluate(() => document.documentElement.dataset.theme);
    await signIn(page, admin);
    await page.getByTestId('nav-account').click();
    await page.getByText('Signed in as').waitFor();
    expect(await scheme(rig.browser)).toBe('light');
    // The panel's default theme applies before any choice.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'outpost');
    // Three themes ship, so the top bar has the theme menu: a dark switch and a radio list.
    await page.getByTestId('theme-menu').click();
    await page.getByTestId('dark-toggle').click();
    expect(await scheme(rig.browser)).toBe('dark');
    await page.getByRole('radio', { name: 'forest' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'forest');
    await screenshot(page, 'theme-menu-forest');
    await page.reload();
    await page.getByText('Signed in as').waitFor();
    expect(await scheme(rig.browser)).toBe('dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'forest');
    await screenshot(page, 'account-dark');

    // Saved on the account too: a fresh browser picks both up at sign-in.
    await rig.browser.close();
    rig.browser = await openBrowser(rig.app.url);
    await signIn(rig.browser.page, admin);
    await rig.browser.page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await rig.browser.page.waitForFunction(() => document.documentElement.dataset.theme === 'forest');
    expect(await theme(rig.browser)).toBe('forest');
    await screenshot(rig.browser.page, 'servers-dark');
    await rig.browser.page.getByTestId('theme-menu').click();
    await rig.browser.page.getByTestId('dark-toggle').click();
    expect(await scheme(rig.browser)).toBe('light');
  });

  it('switches the language to German and keeps it after a reload', async () => {
    const { page } = rig.browser;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=de_DE]').click();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');

    await signIn(page, admin);
    await page.getByTestId('nav-account').getByText('Konto').waitFor();
    await expect(page.getByTestId('nav-logout').textContent()).resolves.toContain('Abmelden');
    await screenshot(page, 'servers-german');

    await page.getByTestId('language-button').click();
    await screenshot(page, 'language-dialog');
  });

  it('follows the browser language when no choice is stored', async () => {
    await rig.browser.close();
    rig.browser = await openBrowser(rig.app.url, { locale: 'de-DE' });
    await rig.browser.page.goto('/');
    await rig.browser.page.getByRole('heading', { name: 'Anmelden' }).waitFor();
  });
});
