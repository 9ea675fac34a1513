import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GAME_RESPONDER } from '../packages/daemon/src/query/testdata/gameResponder';
import { admin, appWithBrowserPerTest, createServerFromPage, freePort, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

async function toGerman(page: Page): Promise<void> {
  await page.getByTestId('language-button').click();
  await page.locator('[data-locale=de_DE]').click();
}

/** A Minecraft-like server: the test responder answers the server-list ping on its port variable. */
const gameDefinition = (port: number) => ({
  type: 'e2e',
  run: { command: [process.execPath, '-e', GAME_RESPONDER, '${server-port}', '3', '20', 'An Outpost test world', 'alice', 'bob', 'carol'], stopCode: 15 },
  data: { 'server-port': { type: 'integer', value: port, display: 'Port' } },
  supportedEnvironments: [{ type: 'standard' }],
  query: { type: 'minecraft', port: 'server-port' },
});

describe('players (game query)', () => {
  it("shows a running game's players on its page and as 12/20 in the server list, in English and German", async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e game world', gameDefinition(await freePort()));

    await page.goto(`/server/${id}`);
    // No card while the server is stopped.
    await page.getByTestId('server-status').waitFor();
    expect(await page.getByTestId('players-card').count()).toBe(0);
    await page.getByTestId('control-start').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');

    // The node waits for the program to settle, then asks; the page asks again until it answers.
    const card = page.getByTestId('players-card');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('players-count').innerText()).toBe('3 of 20 online');
    expect(await card.getByTestId('players-names').innerText()).toMatch(/alice\s+bob\s+carol/);
    expect(await card.getByTestId('players-version').innerText()).toContain('1.21.4');
    expect(await card.getByTestId('players-motd').innerText()).toContain('An Outpost test world');
    await screenshot(page, 'players-card');

    await page.goto('/server');
    const row = page.getByTestId('server-row').filter({ hasText: 'e2e game world' });
    await expect.poll(() => row.getByTestId('server-row-players').innerText(), { timeout: 20_000 }).toBe('3/20');
    await screenshot(page, 'players-server-list');

    await toGerman(page);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Spieler' }).count()).toBe(1);
    expect(await row.getByTestId('server-row-players').innerText()).toBe('3/20');
    await screenshot(page, 'players-server-list-de');
    await page.goto(`/server/${id}`);
    await expect.poll(() => page.getByTestId('players-count').innerText(), { timeout: 20_000 }).toBe('3 von 20 online');
    await screenshot(page, 'players-card-de');

    // Stopped, the card goes.
    await page.getByTestId('control-stop').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('offline');
    await expect.poll(() => page.getByTestId('players-card').count()).toBe(0);
  });
});
