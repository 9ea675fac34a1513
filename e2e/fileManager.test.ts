import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn } from './support';
import { axeViolations, describeBlocking } from './support/axe';

const rig = appWithBrowserPerTest();

/** Writes files straight through the panel's file route, as the signed-in page (its cookie). */
async function putFiles(page: Page, id: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const status = await page.evaluate(
      async ([url, body]) => {
        const form = new FormData();
        form.append('file', new Blob([body]), 'file');
        return (await fetch(url, { method: 'PUT', body: form })).status;
      },
      [`/api/servers/${id}/file/${path}`, text] as const,
    );
    expect(status).toBe(204);
  }
}

/** The names the file list shows, in order. */
const names = (page: Page) => page.locator('[data-entry]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-entry')));
const row = (page: Page, name: string) => page.locator(`[data-entry="${name}"]`);

/** Fails with axe's words when the page shows a critical or serious violation now. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const blocking = (await axeViolations(page)).filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
  expect(blocking, `${where}: ${describeBlocking(blocking)}`).toEqual([]);
}

async function rowMenu(page: Page, name: string, item: string): Promise<void> {
  await row(page, name).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('the file manager', () => {
  it('renames, moves by dialog and by dragging onto a folder and a breadcrumb, copies, deletes and archives a selection, and keeps the folder in the address', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e file manager');
    await putFiles(page, id, { 'notes.txt': 'notes', 'plugins/readme.md': 'plugins', 'world/level.dat': 'level', 'a.log': 'a', 'b.log': 'b', 'drag.txt': 'drag', 'crumb.txt': 'crumb' });

    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=files]').click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(`/server/${id}/files`);
    await row(page, 'notes.txt').waitFor();

    // Rename in place through the dialog.
    await rowMenu(page, 'notes.txt', 'Rename or move');
    const target = page.getByRole('textbox', { name: 'New path' });
    await expect.poll(() => target.inputValue()).toBe('/notes.txt');
    await target.fill('/readme.txt');
    await page.getByTestId('move-submit').click();
    await row(page, 'readme.txt').waitFor();
    expect(await names(page)).not.toContain('notes.txt');

    // Move by the dialog into another folder.
    await rowMenu(page, 'readme.txt', 'Rename or move');
    await target.fill('/plugins/docs/readme.txt');
    await page.getByTestId('move-submit').click();
    await expect.poll(() => names(page)).not.toContain('readme.txt');

    // Copy: the original stays.
    await rowMenu(page, 'a.log', 'Copy');
    await page.getByRole('textbox', { name: 'New path' }).fill('/a-copy.log');
    await page.getByTestId('move-submit').click();
    await row(page, 'a-copy.log').waitFor();
    expect(await names(page)).toContain('a.log');

    // Drag a row onto a folder row.
    await row(page, 'drag.txt').dragTo(row(page, 'world'));
    await expect.poll(() => names(page)).not.toContain('drag.txt');

    // Into a folder: the address follows, and a reload opens the same folder.
    await row(page, 'world').getByRole('button', { name: 'world' }).click();
    await row(page, 'drag.txt').waitFor();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(`/server/${id}/files/world`);
    await page.reload();
    await row(page, 'level.dat').waitFor();
    expect(await names(page)).toEqual(['drag.txt', 'level.dat']);
    await screenshot(page, 'file-manager-folder-en');

    // Drag a row onto the breadcrumb's top: it moves up to the server folder.
    await row(page, 'drag.txt').dragTo(page.locator('[data-crumb="/"]'));
    await expect.poll(() => names(page)).toEqual(['level.dat']);
    await page.locator('[data-crumb="/"]').click();
    await row(page, 'drag.txt').waitFor();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(`/server/${id}/files`);

    // Several at once: tick two, archive them, then delete them.
    await row(page, 'a.log').getByRole('checkbox').check();
    await row(page, 'b.log').getByRole('checkbox').check();
    await page.getByTestId('selection-bar').getByText('Selected: 2').waitFor();
    await screenshot(page, 'file-manager-selection-en');
    await page.getByTestId('selection-archive').click();
    await row(page, 'server.zip').waitFor();
    await row(page, 'a.log').getByRole('checkbox').check();
    await row(page, 'b.log').getByRole('checkbox').check();
    await page.getByTestId('selection-delete').click();
    await page.getByTestId('selection-delete-confirm').click();
    await expect.poll(() => names(page)).not.toContain('a.log');
    expect(await names(page)).not.toContain('b.log');
    expect(await names(page)).toContain('a-copy.log');

    // What the page did is on the server: the moved file is where the dialog put it.
    const moved = await page.evaluate(async (url) => (await fetch(url)).text(), `/api/servers/${id}/file/plugins/docs/readme.txt`);
    expect(moved).toBe('notes');
  });

  it('opens a shared link at its folder, with the files tab chosen, in another language too', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e shared link');
    await putFiles(page, id, { 'config/game/server.properties': 'motd=hi', 'config/ops.json': '[]' });

    await page.goto(`/server/${id}/files/config/game`);
    await row(page, 'server.properties').waitFor();
    expect(await page.locator('[data-tab=files]').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-crumb="/config"]').click();
    await row(page, 'ops.json').waitFor();
    await page.goBack();
    await row(page, 'server.properties').waitFor();

    // Another tab is in the address too.
    await page.locator('[data-tab=console]').click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(`/server/${id}/console`);

    await page.evaluate(() => localStorage.setItem('locale', 'de_DE'));
    await page.goto(`/server/${id}/files/config`);
    await row(page, 'game').waitFor();
    await row(page, 'ops.json').getByRole('checkbox').check();
    await page.getByTestId('selection-bar').getByText('Ausgewählt: 1').waitFor();
    await row(page, 'game').getByRole('button', { name: 'Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Umbenennen oder verschieben' }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'file-manager-move-dialog-de');
    await expectAccessible(page, 'move dialog, German');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectAccessible(page, 'a folder with a selection, German');
  });
});
