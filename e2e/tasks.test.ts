import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, consoleText, createServerFromPage, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();


describe('tasks', () => {
  it('creates a daily task in the editor, describes it, runs it now, shows the run in the console and deletes it', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e tasks');
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    await page.goto(`${rig.app.url}/server/${id}`);
    await page.locator('[data-tab=tasks]').click();
    await page.getByText('This server has no tasks yet.').waitFor();
    await expect(page.getByTestId('tasks-time-zone').innerText()).resolves.toContain("node's time zone");

    // A new task starts scheduled, on the default: every day at midnight.
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.waitFor();
    await expect(dialog.getByRole('switch', { name: 'Run automatically on a schedule' }).isChecked()).resolves.toBe(true);
    await expect.poll(() => dialog.getByTestId('schedule-description').innerText()).toContain('00:00');

    // Saving without a name is refused.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();

    await dialog.getByLabel('Name').fill('Nightly save');
    await dialog.getByRole('tab', { name: 'Daily' }).click();
    await dialog.getByLabel('Hour').fill('4');
    await dialog.getByLabel('Minute').fill('30');
    await expect.poll(() => dialog.getByTestId('schedule-description').innerText()).toContain('04:30');
    await dialog.getByRole('button', { name: 'Add operation' }).click();
    await dialog.getByLabel('Command').fill('say saving');
    await screenshot(page, 'task-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('task-row').filter({ hasText: 'Nightly save' });
    await expect.poll(() => row.innerText()).toContain('04:30');
    await screenshot(page, 'tasks-card');

    // Run now: the toast, then the daemon's lines in the console.
    await row.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Task Triggered').waitFor();
    await page.locator('[data-tab=console]').click();
    await expect.poll(() => consoleText(page), { timeout: 20_000 }).toContain('Task Nightly save finished');

    // Delete, confirmed: the toast, and the card is empty again.
    await page.locator('[data-tab=tasks]').click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete-task').click();
    await page.getByText('Task Deleted').waitFor();
    await page.getByText('This server has no tasks yet.').waitFor();
    const left = await page.evaluate(async (server) => (await fetch(`/proxy/daemon/server/${server}/tasks`)).json(), id);
    expect(left).toEqual({ tasks: {}, timeZone: expect.any(String) });
  });
});
