import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, consoleText, screenshot, signIn, uniqueUser } from './support';

const rig = appWithBrowserPerTest();

/** The program the server runs: a greeting, then an answer to every line typed into the console. */
const program = `
const lines = require('node:readline').createInterface({ input: process.stdin });
console.log('hello from the e2e server');
lines.on('line', (line) => console.log('you said: ' + line));
// Memory that stays in use, on top of what node itself takes.
globalThis.kept = Buffer.alloc(32 * 1024 * 1024, 1);
`;


async function waitForConsole(page: Page, text: string): Promise<void> {
  await expect.poll(() => consoleText(page), { timeout: 20_000 }).toContain(text);
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.locator(`[data-tab=${tab}]`).click();
}

const statusOf = (page: Page) => page.getByTestId('server-status').getAttribute('data-status');

// The tests below run in order: the first creates the server the others use.
let serverId = '';
const needsServer = () => expect(serverId, 'the first test did not create the server').toMatch(/^[0-9a-f]{8}$/);
const renamed = 'e2e renamed';

describe('servers', () => {
  it('imports a template, creates a server, installs, runs and manages it', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.getByText('No servers yet').waitFor();

    // Import the Node.js template from the repository that ships with Outpost.
    await page.getByTestId('nav-template').click();
    await page.getByTestId('import-templates').click();
    await page.getByTestId('import-button-nodejs').click();
    await page.getByText('Template nodejs imported').waitFor();
    await screenshot(page, 'templates-import');
    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: 'Node.js application' }).waitFor();

    // Create a server from it on the local node.
    await page.getByTestId('nav-server').click();
    await page.getByRole('link', { name: 'Add server' }).first().click();
    await page.waitForURL('**/addserver');
    await page.getByLabel('Server name').fill('e2e app');
    await page.getByRole('combobox', { name: 'Node' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Node.js application' }).click();
    await page.getByLabel('Main file').waitFor();
    await screenshot(page, 'add-server');
    // This test installs by hand below (dailyScreens.test.ts covers Install now).
    await page.getByLabel('Install now').uncheck();
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.waitForURL(/\/server\/[0-9a-f]{8}$/);
    serverId = new URL(page.url()).pathname.split('/').pop()!;
    expect(existsSync(join(rig.app.dataDir, 'servers', serverId))).toBe(true);
    await expect.poll(() => statusOf(page)).toBe('offline');

    // Install: the daemon's own lines carry the DAEMON marker, the step's output follows.
    await page.getByTestId('control-install').click();
    await waitForConsole(page, 'Server installed');
    await expect(consoleText(page)).resolves.toContain('DAEMON');
    await expect(consoleText(page)).resolves.toContain('No git repository set');
    await expect(consoleText(page)).resolves.toContain('writing a starter program there');

    // Upload the program over the starter the install wrote, then start it and talk to it.
    await openTab(page, 'files');
    await page.locator('[data-entry="index.js"]').waitFor();
    await page.getByTestId('file-upload-input').setInputFiles({ name: 'index.js', mimeType: 'text/javascript', buffer: Buffer.from(program) });
    await page.locator('[data-entry="index.js"]').getByText(`${Buffer.byteLength(program)} bytes`, { exact: true }).waitFor();
    await openTab(page, 'console');
    await page.getByTestId('control-start').click();
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('online');
    await waitForConsole(page, 'hello from the e2e server');
    await page.getByTestId('console-input').fill('ping 42');
    await page.keyboard.press('Enter');
    await waitForConsole(page, 'you said: ping 42');
    await expect(page.getByTestId('control-start').innerText()).resolves.toBe('Restart');
    await screenshot(page, 'server-console');

    // Statistics: the memory figure leaves zero and the line moves with each sample.
    await openTab(page, 'stats');
    const memoryNow = page.getByTestId('stats-memory-now');
    await expect.poll(async () => parseFloat((await memoryNow.innerText()).replace(/[^\d.]/g, '')), { timeout: 15_000 }).toBeGreaterThan(32);
    const line = page.getByTestId('stats-memory').locator('.recharts-line path').first();
    const before = await line.getAttribute('d');
    await expect.poll(() => line.getAttribute('d'), { timeout: 10_000 }).not.toBe(before);
    await screenshot(page, 'server-stats');

    // Files: upload a text file, edit it in the editor, save, download what was saved.
    await openTab(page, 'files');
    await page.getByTestId('file-upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first line\n') });
    const notes = page.locator('[data-entry="notes.txt"]');
    await notes.getByText('notes.txt').click();
    const editor = page.getByTestId('file-editor').locator('.cm-content');
    await expect.poll(() => editor.innerText()).toContain('first line');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('second line');
    await screenshot(page, 'file-editor');
    await page.getByTestId('file-editor-save').click();
    // The editor closes once the file is written.
    await page.getByTestId('file-editor').waitFor({ state: 'hidden' });
    await notes.getByRole('button', { name: 'Actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toBe('first line\nsecond line');
    await screenshot(page, 'server-files');

    // Stop, then rename: the header follows at once.
    await openTab(page, 'console');
    await page.getByTestId('control-stop').click();
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('offline');
    await waitForConsole(page, 'Server exited');
    await page.getByRole('button', { name: 'Rename server' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('server-name').innerText()).toBe(renamed);
    await page.getByTestId('nav-server').click();
    await page.getByTestId('server-list').getByText(renamed).waitFor();
    await screenshot(page, 'server-list');
  });

  it('shows a console-only user the console and no controls, and the server refuses their start', async () => {
    needsServer();
    const { page } = rig.browser;
    const viewer = uniqueUser('viewer');
    const registered = await fetch(`${rig.app.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(viewer),
    });
    expect(registered.status).toBe(200);

    // The admin shares the server with console view only, from the server's users tab.
    await signIn(page, admin);
    await page.goto(`/server/${serverId}`);
    await openTab(page, 'users');
    await page.getByTestId('server-user-add').click();
    const entry = page.getByTestId('server-user-new');
    await entry.getByTestId('server-user-email').fill(viewer.email);
    await entry.getByTestId('flag-viewServerConsole').click();
    await entry.getByTestId('server-user-save').click();
    await page.getByTestId(`server-user-${viewer.email}`).waitFor();
    await screenshot(page, 'server-users');
    await page.getByTestId('nav-logout').click();
    await page.waitForURL('**/auth/login');

    await signIn(page, viewer);
    await page.getByTestId('server-list').getByText(renamed).click();
    await page.waitForURL(`**/server/${serverId}`);
    await waitForConsole(page, 'hello from the e2e server');
    for (const control of ['control-start', 'control-stop', 'control-kill', 'control-install', 'console-input']) {
      await expect(page.getByTestId(control).count()).resolves.toBe(0);
    }
    const tabs = await page.getByTestId('server-tabs').locator('[data-tab]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));
    expect(tabs).toEqual(['console', 'admin']);
    await screenshot(page, 'server-console-viewer');

    // The panel checks the call itself, whatever the page shows.
    const refused = await page.evaluate(async (id) => {
      const res = await fetch(`/proxy/daemon/server/${id}/start`, { method: 'POST' });
      return { status: res.status, body: await res.json() };
    }, serverId);
    expect(refused.status).toBe(403);
    expect(['ErrMissingScope', 'ErrNoPermission']).toContain(refused.body.error.code);
  });

  it('deletes the server with its files', async () => {
    needsServer();
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`/server/${serverId}`);
    await openTab(page, 'admin');
    await page.getByTestId('delete-server').click();
    await page.getByTestId('delete-server-confirm').click();
    await page.waitForURL('**/server');
    await page.getByText('Deleted Server').waitFor();
    await page.getByText('No servers yet').waitFor();
    const gone = await page.evaluate(async (id) => (await fetch(`/api/servers/${id}`)).status, serverId);
    expect(gone).toBe(404);
    expect(existsSync(join(rig.app.dataDir, 'servers', serverId))).toBe(false);
  });
});
