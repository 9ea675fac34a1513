import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn } from './support';

// A phone held upright (390 px, like an iPhone 12-15): nothing scrolls sideways, the lists keep what matters.
const rig = appWithBrowserPerTest();

const phone = { width: 390, height: 844 };

/** How far the page scrolls sideways, in px beyond the screen (0 when it does not). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('[data-testid=loading], .mantine-Skeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

const call = (page: Page, method: string, url: string) => page.evaluate(async ({ method, url }) => (await fetch(url, { method })).status, { method, url });

describe('on a phone', () => {
  it('scrolls no screen sideways, shows the server tabs go on, and the server list keeps state, CPU and memory', async () => {
    const { page } = rig.browser;
    await page.setViewportSize(phone);
    for (const path of ['/auth/login', '/auth/register', '/auth/forgot']) {
      await page.goto(path);
      await settled(page);
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await signIn(page, admin);
    expect(await call(page, 'POST', '/api/templates/import/nodejs')).toBe(204);
    const id = await createServerFromPage(page, 'phone server');
    expect(await call(page, 'POST', `/proxy/daemon/server/${id}/start?wait=true`)).toBe(204);
    const nodeId = await page.evaluate(async () => ((await (await fetch('/api/nodes')).json()) as Array<{ id: number }>)[0]!.id);

    const screens = ['/server', '/addserver', '/node', `/node/${nodeId}`, '/addnode', '/template', '/template/nodejs', '/user', '/user/1', '/adduser', '/settings', '/account', '/activity'];
    const tabs = ['console', 'stats', 'files', 'backups', 'tasks', 'settings', 'users', 'activity', 'admin'];
    const wide: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      await settled(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${path} (${overflow} px)`);
      await screenshot(page, `phone${path.replaceAll('/', '-')}`);
    }
    for (const tab of tabs) {
      await page.goto(`/server/${id}`);
      await page.locator(`[data-tab=${tab}]`).click();
      await settled(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`server ${tab} (${overflow} px)`);
      await screenshot(page, `phone-server-${tab}`);
    }
    expect(wide).toEqual([]);

    // The server's tab bar fades where more tabs are, and scrolls to reach every one.
    await page.goto(`/server/${id}`);
    const bar = page.getByTestId('server-tabs');
    await expect.poll(() => bar.getAttribute('data-more-end')).toBe('true');
    await expect(bar.getAttribute('data-more-start')).resolves.toBe('false');
    await screenshot(page, 'phone-server-tabs-start');
    await page.locator('[data-tab=admin]').click();
    await expect.poll(() => bar.getAttribute('data-more-start')).toBe('true');
    await expect.poll(() => bar.getAttribute('data-more-end')).toBe('false');
    await screenshot(page, 'phone-server-tabs-end');

    // The list row keeps the state, and CPU and memory in one short line under the name.
    await page.goto('/server');
    const row = page.getByTestId('server-row').filter({ hasText: 'phone server' });
    await expect.poll(() => row.getByTestId('server-row-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('online');
    await expect(row.getByTestId('server-row-state').isVisible()).resolves.toBe(true);
    const compact = row.getByTestId('server-row-compact');
    await compact.waitFor();
    await expect(compact.innerText()).resolves.toMatch(/^CPU [\d.]+ ?% · Memory [\d.,]+ ?[KMG]i?B$/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-server-list');
  });
});
