import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, callFromPage, consoleText, createServerFromPage, screenshot, signIn, uniqueUser } from './support';

const rig = appWithBrowserPerTest();

/** A program that idles holding some memory until stopped, and installs a file. */
const memoryHolder = {
  run: { command: [process.execPath, '-e', 'globalThis.kept = Buffer.alloc(16 * 1024 * 1024, 1); setInterval(() => {}, 1000)'], stopCode: 15 },
  install: [{ type: 'writefile', target: 'installed.txt', text: 'yes' }],
  supportedEnvironments: [{ type: 'standard' }],
};

const call = callFromPage;

const rowOf = (page: Page, name: string) => page.getByTestId('server-row').filter({ hasText: name });
const stateOf = (page: Page, name: string) => rowOf(page, name).getByTestId('server-row-state').getAttribute('data-state');

async function registerUser(): Promise<ReturnType<typeof uniqueUser>> {
  const user = uniqueUser('daily');
  const registered = await fetch(`${rig.app.url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  expect(registered.status).toBe(200);
  return user;
}

// The tests run in order: the first makes the servers the others use.
const servers: Record<string, string> = {};

describe('the daily screens', () => {
  it('points an empty panel to the templates, then shows each server live over one connection, with search and filters', async () => {
    const { page } = rig.browser;
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
    await signIn(page, admin);
    await page.getByText('No servers yet').waitFor();
    const hint = page.getByTestId('templates-hint');
    await expect(hint.innerText()).resolves.toContain('Servers are made from templates');
    await screenshot(page, 'daily-server-list-empty');
    await hint.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL('**/template');

    servers.alpha = await createServerFromPage(page, 'daily alpha', memoryHolder);
    servers.beta = await createServerFromPage(page, 'daily beta', memoryHolder);
    sockets.length = 0;
    await page.goto('/server');
    await expect.poll(() => stateOf(page, 'daily alpha'), { timeout: 15_000 }).toBe('offline');
    await expect.poll(() => stateOf(page, 'daily beta')).toBe('offline');

    // Started elsewhere: the row turns online with CPU and memory, without a reload.
    expect(await call(page, 'POST', `/proxy/daemon/server/${servers.alpha}/start?wait=true`)).toBe(204);
    await expect.poll(() => stateOf(page, 'daily alpha'), { timeout: 15_000 }).toBe('online');
    await rowOf(page, 'daily alpha').getByTestId('server-row-memory').waitFor();
    await expect(rowOf(page, 'daily alpha').getByTestId('server-row-memory').innerText()).resolves.toMatch(/MB/);
    await screenshot(page, 'daily-server-list-live');

    // Search by name, then by id; the state filter narrows the page.
    await page.getByTestId('server-search').fill('BETA');
    await expect.poll(() => page.getByTestId('server-row').count()).toBe(1);
    await expect(rowOf(page, 'daily beta').count()).resolves.toBe(1);
    await page.getByTestId('server-search').fill(servers.alpha!.slice(0, 6));
    await expect.poll(() => page.getByTestId('server-row').allInnerTexts()).toEqual([expect.stringContaining('daily alpha')]);
    await page.getByTestId('server-search').fill('');
    await expect.poll(() => page.getByTestId('server-row').count()).toBe(2);
    await page.getByTestId('server-state-filter').click();
    await page.getByRole('option', { name: 'Online' }).click();
    await expect.poll(() => page.getByTestId('server-row').allInnerTexts()).toEqual([expect.stringContaining('daily alpha')]);
    await page.getByTestId('server-node-filter').click();
    await page.getByRole('option', { name: 'LocalNode' }).click();
    await expect.poll(() => page.getByTestId('server-row').count()).toBe(1);
    await screenshot(page, 'daily-server-list-filtered');
    // One connection served the whole list through every search and filter, and none per server.
    expect(sockets).toEqual(['/api/servers/live']);
    expect(await call(page, 'POST', `/proxy/daemon/server/${servers.alpha}/kill?wait=true`)).toBe(204);
    await page.goto('/server');
    await expect.poll(() => stateOf(page, 'daily alpha'), { timeout: 15_000 }).toBe('offline');
  });

  it('installs a new server at once and opens it on the console showing the install', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    expect(await call(page, 'POST', '/api/templates/import/nodejs')).toBe(204);
    await page.goto('/addserver');
    await page.getByLabel('Server name').fill('daily installed');
    await page.getByRole('combobox', { name: 'Node' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Node.js application' }).click();
    await page.getByLabel('Main file').waitFor();
    await expect(page.getByLabel('Install now').isChecked()).resolves.toBe(true);
    await screenshot(page, 'daily-add-server-install-now');
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.waitForURL(/\/server\/[0-9a-f]{8}$/);
    await expect.poll(() => consoleText(page), { timeout: 20_000 }).toContain('Installing server');
    await expect.poll(() => consoleText(page), { timeout: 20_000 }).toContain('Server installed');
    await screenshot(page, 'daily-server-installed');
  });

  it('enables only the controls that can act, and Restart only for holders of start and stop', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`/server/${servers.beta}`);
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status')).toBe('offline');
    await expect(page.getByTestId('control-stop').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('control-kill').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('control-install').isEnabled()).resolves.toBe(true);
    await page.getByTestId('control-start').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    await expect(page.getByTestId('control-install').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('control-stop').isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId('control-start').innerText()).resolves.toBe('Restart');
    await screenshot(page, 'daily-controls-running');

    // Someone who may start but not stop sees Restart while it runs, disabled: it would stop the server.
    const starter = await registerUser();
    expect(await call(page, 'PUT', `/api/servers/${servers.beta}/user/${encodeURIComponent(starter.email)}`, { startServer: true, viewServerConsole: true })).toBe(204);
    await page.getByTestId('nav-logout').click();
    await page.waitForURL('**/auth/login');
    await signIn(page, starter);
    await page.goto(`/server/${servers.beta}`);
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    await expect(page.getByTestId('control-start').innerText()).resolves.toBe('Restart');
    await expect(page.getByTestId('control-start').getAttribute('aria-disabled')).resolves.toBe('true');
    await screenshot(page, 'daily-controls-start-only');
  });

  it('answers an unknown or malformed server id with the not-found page and a way back', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    for (const id of ['not-a-server', 'ffffffff']) {
      await page.goto(`/server/${id}`);
      await page.getByText('Go to servers').waitFor();
    }
    await screenshot(page, 'daily-server-not-found');
    await page.getByText('Go to servers').click();
    await page.waitForURL('**/server');

    // Deleted while its page is open (here by another tab's call): the page says so, and its
    // connection stops asking (ServerConnection.test.ts counts the calls).
    const doomed = await createServerFromPage(page, 'daily doomed', memoryHolder);
    await page.goto(`/server/${doomed}`);
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status')).toBe('offline');
    expect(await call(page, 'DELETE', `/api/servers/${doomed}`)).toBe(204);
    await page.getByText('Go to servers').waitFor();
    await screenshot(page, 'daily-server-deleted-while-open');
  });

  it('offers binary and oversized files for download instead of the editor, and asks before losing edits', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const id = servers.alpha!;
    await page.evaluate(async (serverId) => {
      const put = async (name: string, bytes: Uint8Array) => {
        const form = new FormData();
        form.append('file', new Blob([bytes]), name);
        const res = await fetch(`/proxy/daemon/server/${serverId}/file/${name}`, { method: 'PUT', body: form });
        if (!res.ok) throw new Error(`upload ${name}: ${res.status}`);
      };
      await put('tool.bin', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]));
      await put('notes.txt', new TextEncoder().encode('first line\n'));
      await put('huge.log', new TextEncoder().encode('x'));
    }, id);
    // A sparse file past the edit limit, grown on disk where the server keeps its files.
    truncateSync(join(rig.app.dataDir, 'servers', id, 'huge.log'), 21 * 1024 * 1024);

    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=files]').click();
    await page.locator('[data-entry="tool.bin"]').getByText('tool.bin').click();
    await page.getByTestId('file-binary').waitFor();
    await expect(page.getByRole('link', { name: 'Download' }).getAttribute('download')).resolves.toBe('tool.bin');
    await screenshot(page, 'daily-file-binary');
    // The dialog's own Close, not the × in its corner (named Close too).
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

    await page.locator('[data-entry="huge.log"]').getByText('huge.log').click();
    await expect.poll(() => page.getByTestId('file-not-editable').innerText()).toContain('the editor opens files up to');
    await screenshot(page, 'daily-file-too-large');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

    await page.locator('[data-entry="notes.txt"]').getByText('notes.txt').click();
    const editor = page.getByTestId('file-editor').locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('an edit ');
    const prompts: string[] = [];
    page.once('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId('file-editor').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => prompts).toEqual(['You have unsaved changes. Discard them?']);
    await expect(page.getByTestId('file-editor').locator('.cm-content').isVisible()).resolves.toBe(true);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('file-editor').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('file-editor').locator('.cm-content').count()).toBe(0);
  });

  it('shows a non-admin the settings as not theirs without a refused call, and language regions as letters', async () => {
    const { page } = rig.browser;
    const user = await registerUser();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signIn(page, user);
    await page.goto('/settings');
    await page.getByTestId('not-allowed').waitFor();
    await expect(page.getByTestId('not-allowed').innerText()).resolves.toContain('may not change the panel');
    expect(refused).toEqual([]);
    await screenshot(page, 'daily-settings-not-allowed');

    await page.getByTestId('language-button').click();
    const regions = await page.getByTestId('locale-region').allInnerTexts();
    expect(regions).toContain('DE');
    expect(regions.every((text) => /^[A-Z]{2}$/.test(text))).toBe(true);
    await screenshot(page, 'daily-language-dialog');
  });

  it('says expected mistakes beside their field: an invalid master URL, no sender address, an unknown email to share with', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto('/settings');
    const master = page.locator('[data-setting="panel.settings.masterUrl"]');
    await master.fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => master.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('must be a valid IP or FQDN').waitFor();
    await master.fill(rig.app.url);
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'SMTP' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('[data-setting="panel.email.from"]').getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await screenshot(page, 'daily-settings-field-errors');

    await page.goto(`/server/${servers.alpha}`);
    await page.locator('[data-tab=users]').click();
    await page.getByTestId('server-user-add').click();
    const entry = page.getByTestId('server-user-new');
    await entry.getByTestId('server-user-email').fill('nobody-here@outpost.test');
    await entry.getByTestId('server-user-save').click();
    await page.getByText('This email has no account, and the panel cannot send mail', { exact: false }).waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await screenshot(page, 'daily-share-unknown-email');
  });

  it('shows skeletons, not blank space, while the server list and the server page wait for the panel', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    // A cold load of either comes drawn by the panel (firstScreen.test.ts); moving to them within
    // the app waits for their call. A fresh load of another screen starts with nothing cached.
    await page.goto('/account');
    await page.locator('html[data-app=running]').waitFor({ state: 'attached' });
    for (const [go, answer, loaded, shot] of [
      [() => page.getByTestId('nav-server').click(), /\/api\/servers\?/, () => rowOf(page, 'daily alpha').waitFor(), 'daily-skeleton-server-list'],
      [() => rowOf(page, 'daily alpha').click(), /\/api\/servers\/[0-9a-f]{8}\?perms/, () => page.getByTestId('server-name').waitFor(), 'daily-skeleton-server-page'],
    ] as const) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(answer, async (route) => {
        await held;
        await route.continue();
      });
      await go();
      await page.getByTestId('loading').waitFor();
      await screenshot(page, shot);
      release();
      await loaded();
      await page.unroute(answer);
    }
  });

  it('fits a 390 px phone in Arabic, right to left, with no sideways scrolling', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('locale', 'ar_SA'));
    await signIn(page, admin);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto('/server');
    await rowOf(page, 'daily alpha').waitFor();
    await expect.poll(() => stateOf(page, 'daily alpha'), { timeout: 15_000 }).not.toBe('unknown');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'daily-phone-ar-server-list');

    await page.goto(`/server/${servers.beta}`);
    const badge = page.getByTestId('server-status');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    // The badge's words are all shown, not cut off.
    const cut = await badge.evaluate((el) => [...el.querySelectorAll('*')].some((child) => child.scrollWidth > child.clientWidth + 1));
    expect(cut).toBe(false);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The tab bar is one row (it scrolls sideways), so it covers no second row of the page.
    const phoneTabBar = await page.getByTestId('server-tabs').boundingBox();
    const firstTab = await page.locator('[data-tab=console]').boundingBox();
    expect(phoneTabBar!.height).toBeLessThan(firstTab!.height * 1.5);
    await screenshot(page, 'daily-phone-ar-server-page');
    for (const tab of ['files', 'stats', 'settings']) {
      await page.locator(`[data-tab=${tab}]`).click();
      await page.locator(`[data-tab=${tab}][aria-selected=true]`).waitFor();
      await page.getByTestId('loading').waitFor({ state: 'detached' });
      expect(await overflow(), `the ${tab} tab scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, `daily-phone-ar-${tab}`);
    }
    await page.locator('[data-tab=console]').click();
    // A folder with files in it: the file table fits too.
    await page.goto(`/server/${servers.alpha}`);
    await page.locator('[data-tab=files]').click();
    await page.locator('[data-entry="notes.txt"]').waitFor();
    expect(await overflow(), 'the file list scrolls sideways').toBeLessThanOrEqual(0);
    await screenshot(page, 'daily-phone-ar-file-list');
    await page.goto(`/server/${servers.beta}`);

    // On a desktop the menu sits on the right in Arabic, and the fixed tab bar leaves it free.
    await page.setViewportSize({ width: 1280, height: 800 });
    const navbar = await page.locator('.mantine-AppShell-navbar').boundingBox();
    const tabBar = await page.getByTestId('server-tabs').boundingBox();
    expect(navbar!.x).toBeGreaterThan(600);
    expect(tabBar!.x + tabBar!.width).toBeLessThanOrEqual(navbar!.x + 1);
    await screenshot(page, 'daily-desktop-ar-server-page');
    expect(await call(page, 'POST', `/proxy/daemon/server/${servers.beta}/kill?wait=true`)).toBe(204);
  });
});
