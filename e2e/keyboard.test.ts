import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, consoleText, createServerFromPage, screenshot } from './support';

const rig = appWithBrowserPerTest();

/** Answers every console line, so a command sent shows its echo. */
const echo = {
  run: { command: [process.execPath, '-e', "require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => console.log('you said: ' + l))"], stopCode: 15 },
  supportedEnvironments: [{ type: 'standard' }],
};

/** What has the keyboard focus: its test id, text and accessible name, to match against. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { testId: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? '', text: element?.innerText?.trim() ?? '', label: element?.getAttribute('aria-label') ?? '', tag: element?.tagName ?? '' };
  });

/** Presses Tab (with Shift when `back`) until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, { back = false, limit = 60 } = {}): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (matches(await focused(page))) return;
  }
  throw new Error(`no focusable element matched after ${limit} presses of Tab; last: ${JSON.stringify(await focused(page))}`);
}

const fileText = (page: Page, serverId: string, path: string) =>
  page.evaluate(async ({ serverId, path }) => (await fetch(`/proxy/daemon/server/${serverId}/file/${path}`)).text(), { serverId, path });

describe('keyboard only', () => {
  it('signs in, starts a server, sends a command, edits and saves a file, uploads, and shows the shortcuts, without a mouse', async () => {
    const { page } = rig.browser;
    // Listening from the start turns Chromium's file chooser interception on long before `u` is
    // pressed: a listener added just before could lose that race on a busy machine.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    // The only navigation by address: the page a bookmark opens.
    await page.goto('/auth/login');
    await page.locator('input[name=email]').waitFor();
    // The email field has the focus from the start.
    await expect.poll(async () => (await focused(page)).tag).toBe('INPUT');
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));

    // A server to work on, with a text file in its folder (set up through the API, not the page).
    const id = await createServerFromPage(page, 'keyboard walk', echo);
    await page.evaluate(async (id) => {
      const form = new FormData();
      form.append('file', new Blob(['first line\n']), 'notes.txt');
      await fetch(`/proxy/daemon/server/${id}/file/notes.txt`, { method: 'PUT', body: form });
    }, id);
    // The list drawn at sign-in predates the server: load the page again (F5).
    await page.reload();

    // The server list (g s), then the server's row by Tab and Enter.
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await page.waitForURL('**/server');
    await page.getByTestId('server-row').first().waitFor();
    await tabTo(page, (f) => f.testId === 'server-row' && f.text.includes('keyboard walk'));
    await screenshot(page, 'keyboard-server-list');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/server/${id}`);

    // Start: Tab to the button, Enter.
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('offline');
    await tabTo(page, (f) => f.testId === 'control-start');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('online');

    // A console command: c i puts the focus in the command field.
    await page.keyboard.press('c');
    await page.keyboard.press('i');
    await expect.poll(async () => (await focused(page)).testId).toBe('console-input');
    await page.keyboard.type('hello keyboard');
    await page.keyboard.press('Enter');
    await expect.poll(() => consoleText(page), { timeout: 15_000 }).toContain('you said: hello keyboard');
    await screenshot(page, 'keyboard-console');

    // Files (t f, once Tab has left the command field), the file by Tab and Enter: the editor opens
    // with the focus in the text, not on its close button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('t');
    await page.keyboard.press('f');
    await page.getByTestId('file-list').getByText('notes.txt').waitFor();
    await tabTo(page, (f) => f.text === 'notes.txt');
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('file-editor').getByTestId('code-editor');
    await editor.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.cm-editor'))).toBe(true);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('notes.txt');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('typed without a mouse');
    await screenshot(page, 'keyboard-editor');
    // Ctrl+S (Cmd+S on macOS) saves and keeps the editor open; Esc then closes it without asking.
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(() => fileText(page, id, 'notes.txt')).toBe('first line\ntyped without a mouse');
    await expect(editor.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    // The focus is back on the file it came from.
    await expect.poll(async () => (await focused(page)).text).toBe('notes.txt');

    // Upload: u opens the file picker.
    await page.keyboard.press('u');
    await (await chooser).setFiles({ name: 'uploaded.txt', mimeType: 'text/plain', buffer: Buffer.from('from the picker') });
    await page.getByTestId('file-list').getByText('uploaded.txt').waitFor({ timeout: 20_000 });
    await expect.poll(() => fileText(page, id, 'uploaded.txt')).toBe('from the picker');
    await screenshot(page, 'keyboard-uploaded');

    // A dialog (n f, new file) starts on its first field, keeps Tab inside, and Esc gives the focus back.
    await tabTo(page, (f) => f.text === 'notes.txt');
    await page.keyboard.press('n');
    await page.keyboard.press('f');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName === 'INPUT' && !!document.activeElement.closest('[role=dialog]'))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).text).toBe('notes.txt');

    // ? shows every shortcut; Esc closes the sheet.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    await expect(sheet.innerText()).resolves.toContain('Save the file being edited');
    await screenshot(page, 'keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });
});
