import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, createServerFromPage, freePort, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

const original = 'level: spawn at 0,64,0\nseed: 42\n';

/** Writes a server file through the panel with the page's session, as the file manager's upload does. */
function writeServerFile(page: Page, id: string, path: string, text: string): Promise<void> {
  return page.evaluate(
    async ({ id, path, text }) => {
      const form = new FormData();
      form.append('file', new Blob([text]), path.split('/').pop()!);
      const answer = await fetch(`/proxy/daemon/server/${id}/file/${path}`, { method: 'PUT', body: form });
      if (!answer.ok) throw new Error(`writing ${path} answered ${answer.status} ${await answer.text()}`);
    },
    { id, path, text },
  );
}

const readServerFile = (page: Page, id: string, path: string) =>
  page.evaluate(async ({ id, path }) => (await fetch(`/proxy/daemon/server/${id}/file/${path}`)).text(), { id, path });

describe('backups', () => {
  it('makes a named backup in the Backups tab, browses into it and brings one changed file back, in English and Arabic', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e backups');
    await page.evaluate(async (server) => {
      const answer = await fetch(`/proxy/daemon/server/${server}/file/world?folder=true`, { method: 'PUT' });
      if (!answer.ok) throw new Error(`making world answered ${answer.status}`);
    }, id);
    await writeServerFile(page, id, 'world/level.dat', original);
    await writeServerFile(page, id, 'server.properties', 'motd=backed up\n');

    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=backups]').click();
    await page.getByText('This server has no backups yet.').waitFor();
    await page.getByTestId('backup-policy').waitFor();

    // Create, with a name: the row appears and turns done.
    await page.getByTestId('backup-create').first().click();
    const dialog = page.getByRole('dialog', { name: 'Create backup' });
    await dialog.getByLabel('Name').fill('before the grief');
    await dialog.getByTestId('backup-create-confirm').click();
    await page.getByText('Backup started').waitFor();
    const row = page.locator('[data-testid=backup-row][data-backup="before the grief"]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    await expect(row.innerText()).resolves.toContain('by admin');
    await expect(row.innerText()).resolves.toContain('2 files');
    await expect(row.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(new RegExp(`^/api/servers/${id}/backups/[0-9a-f]{16}/download$`));
    await page.getByText('Backup started').waitFor({ state: 'hidden' });
    await screenshot(page, 'backups-tab');

    // The world is changed after the backup.
    await writeServerFile(page, id, 'world/level.dat', 'griefed\n');
    expect(await readServerFile(page, id, 'world/level.dat')).toBe('griefed\n');

    // Browse into world and bring level.dat back from there.
    await row.getByRole('button', { name: 'Browse' }).click();
    const browser = page.getByRole('dialog', { name: 'Backup before the grief' });
    await browser.locator('[data-entry="server.properties"]').waitFor();
    await browser.getByRole('button', { name: 'world' }).click();
    const file = browser.locator('[data-entry="level.dat"]');
    await file.waitFor();
    await expect(browser.getByTestId('backup-crumbs').innerText()).resolves.toMatch(/Server folder\s*\/\s*world/);
    await screenshot(page, 'backups-browser');
    await file.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore from the backup' }).getByText('/world/level.dat').waitFor();
    await screenshot(page, 'backups-restore-confirm');
    await page.getByTestId('confirm-restore-path').click();
    // The path is isolated (U+2066..U+2069) so it reads whole in right-to-left sentences too.
    await page.getByText(/\/world\/level\.dat\u2069? restored/).waitFor();
    expect(await readServerFile(page, id, 'world/level.dat')).toBe(original);
    // Only what was asked for: the rest is as it was.
    expect(await readServerFile(page, id, 'server.properties')).toBe('motd=backed up\n');
    await page.keyboard.press('Escape');
    await browser.waitFor({ state: 'hidden' });

    // The same tab right to left, in Arabic.
    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=ar_SA]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await row.waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'backups-tab-ar');
    await row.getByTestId('backup-browse').click();
    await page.locator('[data-entry="world"]').waitFor();
    // The folder's name is its first button, Restore the second.
    await page.locator('[data-entry="world"] button').first().click();
    await page.locator('[data-entry="level.dat"]').waitFor();
    await screenshot(page, 'backups-browser-ar');
  });

  it("tests a node's backup storage from its page: its own disk answers, an S3 endpoint nobody listens on says why", async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const nodes = (await page.evaluate(async () => (await fetch('/api/nodes')).json())) as { id: number }[];
    await page.goto(`/node/${nodes[0]!.id}`);
    const card = page.getByTestId('backup-storage');
    await card.getByTestId('backup-storage-test').waitFor();
    await expect(card.getByRole('radio', { name: 'On the node' }).isChecked()).resolves.toBe(true);
    await card.getByTestId('backup-storage-test').click();
    const result = card.getByTestId('backup-storage-test-result');
    await expect.poll(() => result.getAttribute('data-ok'), { timeout: 30_000 }).toBe('true');
    await expect(result.innerText()).resolves.toContain('The node reached the storage');

    await card.getByText('S3-compatible storage').click();
    await card.getByRole('textbox', { name: /^Endpoint/ }).fill(`http://127.0.0.1:${await freePort()}`);
    await card.getByRole('textbox', { name: /^Bucket/ }).fill('outpost');
    await card.getByRole('textbox', { name: /^Access key ID/ }).fill('AKIAE2E');
    await card.getByTestId('backup-storage-secret').fill('not-a-real-secret');
    await card.getByRole('switch', { name: /Path-style addresses/ }).check({ force: true });
    await card.getByTestId('backup-storage-test').click();
    await expect.poll(() => result.getAttribute('data-ok'), { timeout: 30_000 }).toBe('false');
    await expect(result.innerText()).resolves.toContain('The node could not use this storage');
    await screenshot(page, 'node-backup-storage');
  });

  it('changes the retention, locks against deletion, restores all over an emptied folder, refuses while running, and backs up from a task', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e backups all');
    await writeServerFile(page, id, 'server.properties', 'motd=kept\n');
    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=backups]').click();

    await page.getByTestId('backup-policy-edit').click();
    const form = page.getByTestId('backup-policy-form');
    await form.getByLabel('Backups kept').fill('3');
    await form.getByLabel('Days kept').fill('7');
    await page.getByTestId('backup-policy-save').click();
    await expect.poll(() => page.getByTestId('backup-policy').innerText()).toContain('Keeps the newest 3 backups. Removes backups older than 7 days.');

    await page.getByTestId('backup-create').first().click();
    await page.getByRole('dialog', { name: 'Create backup' }).getByLabel('Name').fill('whole');
    await page.getByTestId('backup-create-confirm').click();
    const row = page.locator('[data-testid=backup-row][data-backup="whole"]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');

    // Locked, it cannot be deleted; unlocked, it can (below).
    await row.getByTestId('backup-lock').click();
    await row.getByTestId('backup-locked').waitFor();
    await expect(row.getByTestId('backup-delete').getAttribute('aria-disabled')).resolves.toBe('true');
    await row.getByTestId('backup-delete').click({ force: true });
    await expect(page.getByTestId('confirm-delete-backup').isVisible()).resolves.toBe(false);
    await row.getByTestId('backup-lock').click();
    await row.getByTestId('backup-locked').waitFor({ state: 'detached' });

    // Restore all over an emptied folder: a file made after the backup is gone, the rest as it was.
    await writeServerFile(page, id, 'server.properties', 'motd=changed\n');
    await writeServerFile(page, id, 'later.txt', 'made after the backup\n');
    await row.getByTestId('backup-restore-all').click();
    await page.getByRole('checkbox', { name: /Empty the server folder first/ }).check();
    await screenshot(page, 'backups-restore-all');
    await page.getByTestId('confirm-restore-all').click();
    await page.getByText('Backup restored').waitFor();
    expect(await readServerFile(page, id, 'server.properties')).toBe('motd=kept\n');
    const later = await page.evaluate(async (server) => (await fetch(`/proxy/daemon/server/${server}/file/later.txt`)).status, id);
    expect(later).toBe(404);

    // While the server runs, a restore is refused with the reason.
    await page.getByTestId('control-start').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    await row.getByTestId('backup-restore-all').click();
    await page.getByTestId('confirm-restore-all').click();
    await page.getByText('Stop the server first').waitFor();
    await page.keyboard.press('Escape');

    // A task's backup operation, run now, adds a backup made by the task.
    await page.locator('[data-tab=tasks]').click();
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.getByLabel('Name').fill('Nightly backup');
    await dialog.getByRole('button', { name: 'Add operation' }).click();
    await dialog.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: 'Make a backup' }).click();
    await dialog.getByLabel('Backup name (optional)').fill('nightly');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('task-row').filter({ hasText: 'Nightly backup' }).getByRole('button', { name: 'Run now' }).click();
    await page.locator('[data-tab=backups]').click();
    const nightly = page.locator('[data-testid=backup-row][data-backup="nightly"]');
    await expect.poll(() => nightly.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    await expect(nightly.innerText()).resolves.toContain('by the task Nightly backup');

    await row.getByTestId('backup-delete').click();
    await page.getByTestId('confirm-delete-backup').click();
    await row.waitFor({ state: 'detached' });
  });
});
