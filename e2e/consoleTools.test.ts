import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, callFromPage, consoleText, createServerFromPage, openBrowser, screenshot, signIn, uniqueUser } from './support';

const rig = appWithBrowserPerTest();

/** A program that answers each line it reads with "got: <line>", and "flood <n>" with n numbered lines. */
const answering = {
  run: {
    command: [
      process.execPath,
      '-e',
      `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const [word, count] = line.split(' ');
        if (word === 'flood') for (let i = 1; i <= Number(count); i++) console.log('flood line ' + i);
        else console.log('got: ' + line);
      });
      setInterval(() => {}, 1000);`,
    ],
    stopCode: 15,
  },
  supportedEnvironments: [{ type: 'standard' }],
};

const call = callFromPage;

/** Opens the server's console and waits until it is live. */
async function openConsole(page: Page, id: string): Promise<void> {
  await page.goto(`/server/${id}`);
  await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
  await page.getByTestId('console-terminal').locator('.xterm-rows').waitFor();
}

async function send(page: Page, command: string): Promise<void> {
  await page.getByTestId('console-input').fill(command);
  await page.getByTestId('console-input').press('Enter');
}

/** Whether the terminal shows `text` in a cell styled as input (bold cyan: ANSI colour 6, drawn bright as 14). */
const shownAsInput = (page: Page, text: string) =>
  page
    .getByTestId('console-terminal')
    .locator('.xterm-rows span.xterm-bold')
    .evaluateAll((spans, text) => spans.some((span) => span.textContent?.includes(text) && /\bxterm-fg-(6|14)\b/.test(span.className)), text);

/** Scrolls the terminal up from its end with the mouse wheel until `last` is out of view. */
async function scrollUp(page: Page, last: string): Promise<void> {
  await page.getByTestId('console-terminal').hover();
  await page.mouse.wheel(0, -2000);
  await expect.poll(() => consoleText(page)).not.toContain(last);
}

describe('the console tab (issue 35, item 5)', () => {
  it('echoes each sent command as input for everyone watching, naming the sender to the others; clears the view, copies it, and jumps back to the end', async () => {
    const { page, context } = rig.browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.app.url });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'console tools', answering);
    expect(await call(page, 'POST', `/proxy/daemon/server/${id}/start?wait=true`)).toBe(204);

    // A second person watches the same console, allowed to send commands too.
    const guest = uniqueUser('watcher');
    const registered = await fetch(`${rig.app.url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(guest) });
    expect(registered.status).toBe(200);
    expect(await call(page, 'PUT', `/api/servers/${id}/user/${encodeURIComponent(guest.email)}`, { viewServerConsole: true, sendServerConsole: true })).toBe(204);
    const other = await openBrowser(rig.app.url);
    try {
      await signIn(other.page, guest);
      await openConsole(other.page, id);
      await openConsole(page, id);

      // The admin's command: they see it as "> say hello", the watcher sees who sent it.
      await send(page, 'say hello');
      await expect.poll(() => consoleText(page)).toContain('got: say hello');
      expect(await consoleText(page)).toMatch(/> say hello\s*\n/);
      expect(await consoleText(page)).not.toContain('[INPUT');
      expect(await shownAsInput(page, '> say hello')).toBe(true);
      await expect.poll(() => consoleText(other.page)).toContain(`> say hello · ${admin.username}`);
      await expect.poll(() => consoleText(other.page)).toContain('got: say hello');

      // The watcher's command: the admin sees their name on it.
      await send(other.page, 'list');
      await expect.poll(() => consoleText(page)).toContain(`> list · ${guest.username}`);
      await expect.poll(() => consoleText(other.page)).toMatch(/> list\s*\n/);
      await screenshot(page, 'console-echo-en');
    } finally {
      await other.close();
    }

    // Copy puts the text as shown on the clipboard: plain, the echo as the viewer reads it.
    await page.getByTestId('console-copy').click();
    await expect.poll(() => page.getByTestId('console-copy').innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('> say hello\ngot: say hello');
    expect(copied).toContain(`> list · ${guest.username}\ngot: list`);
    expect(copied).not.toContain(String.fromCharCode(27));

    // Clear empties the view only: new lines show, and a reload replays the server's log.
    await page.getByTestId('console-clear').click();
    await expect.poll(() => consoleText(page)).not.toContain('say hello');
    await send(page, 'after clear');
    await expect.poll(() => consoleText(page)).toContain('got: after clear');
    expect(await consoleText(page)).not.toContain('got: say hello');
    await openConsole(page, id);
    await expect.poll(() => consoleText(page), { timeout: 10_000 }).toContain('got: say hello');

    // Scrolled up, new lines leave the view in place and offer a way back to the end.
    await send(page, 'flood 200');
    await expect.poll(() => consoleText(page)).toContain('flood line 200');
    expect(await page.getByTestId('console-jump').count()).toBe(0);
    await scrollUp(page, 'flood line 200');
    await send(page, 'while away');
    await page.getByTestId('console-jump').waitFor();
    // The view stayed where the reader left it.
    expect(await consoleText(page)).not.toContain('got: while away');
    expect(await consoleText(page)).not.toContain('flood line 200');
    await screenshot(page, 'console-jump-en');
    await page.getByTestId('console-jump').click();
    await expect.poll(() => consoleText(page)).toContain('got: while away');
    expect(await page.getByTestId('console-jump').count()).toBe(0);
  });

  it('names Clear, Copy and Jump to the end in the reader\'s language', async () => {
    await rig.browser.close();
    const browser = await openBrowser(rig.app.url, { locale: 'de-DE' });
    rig.browser = browser;
    const { page } = browser;
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'Konsole', answering);
    expect(await call(page, 'POST', `/proxy/daemon/server/${id}/start?wait=true`)).toBe(204);
    await openConsole(page, id);
    await expect(page.getByTestId('console-clear').innerText()).resolves.toBe('Leeren');
    await expect(page.getByTestId('console-copy').innerText()).resolves.toBe('Kopieren');
    await send(page, 'flood 200');
    await expect.poll(() => consoleText(page)).toContain('flood line 200');
    await scrollUp(page, 'flood line 200');
    await send(page, 'hallo');
    await expect(page.getByTestId('console-jump').innerText()).resolves.toBe('Zum Ende springen');
    await screenshot(page, 'console-jump-de');
  });
});
