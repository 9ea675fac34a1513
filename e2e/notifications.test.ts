import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

const box = (page: Page, event: string) => page.getByTestId('account-notifications').getByTestId(`notify-${event}`);

describe('mail notifications on the Account screen', () => {
  it('keeps the ticked events across a reload, in English and German', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    await page.goto('/account');
    const card = page.getByTestId('account-notifications');
    await card.getByText('A server crashed').waitFor();
    for (const event of ['server.crashed', 'server.restart.gaveup', 'server.backup.failed', 'node.offline']) {
      await expect(box(page, event).isChecked()).resolves.toBe(false);
    }
    // Nothing to save until something changes.
    await expect(card.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);

    await box(page, 'server.crashed').check();
    await box(page, 'node.offline').check();
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification choices saved').waitFor();

    await page.reload();
    await card.getByText('A server crashed').waitFor();
    await expect(box(page, 'server.crashed').isChecked()).resolves.toBe(true);
    await expect(box(page, 'node.offline').isChecked()).resolves.toBe(true);
    await expect(box(page, 'server.restart.gaveup').isChecked()).resolves.toBe(false);
    await expect(box(page, 'server.backup.failed').isChecked()).resolves.toBe(false);
    await expect(card.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'account-notifications');

    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=de_DE]').click();
    await card.getByText('Ein Server ist abgestürzt').waitFor();
    await card.getByText('E-Mail-Benachrichtigungen').waitFor();
    await expect(box(page, 'server.crashed').isChecked()).resolves.toBe(true);
    await screenshot(page, 'account-notifications-de');
  });
});
