import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, consoleText, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

/** The program the server runs: idles with a little memory in use; told "eat", it takes 16 MiB more every 20 ms until stopped. */
const hog = `
const lines = require('node:readline').createInterface({ input: process.stdin });
globalThis.kept = [Buffer.alloc(24 * 1048576, 1)];
console.log('hog ready');
lines.on('line', (line) => {
  if (line.trim() !== 'eat') return;
  console.log('eating');
  setInterval(() => globalThis.kept.push(Buffer.alloc(16 * 1048576, 1)), 20);
});
`;

const template = {
  display: 'Memory hog',
  type: 'e2e',
  run: { command: [process.execPath, '-e', hog], stopCode: 15 },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
  limits: { memory: 256, cpu: 100 },
};

const definitionOf = (page: Page, id: string) =>
  page.evaluate(async (server) => (await (await fetch(`/proxy/daemon/server/${server}/definition`)).json()) as { limits?: Record<string, number> }, id);

describe('limits', () => {
  it('sets limits on Add server and in the Admin tab, shows use against them, and says when the program ran out of memory', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    await page.evaluate(async (definition) => {
      const answer = await fetch('/api/templates/e2e-hog', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(definition) });
      if (answer.status !== 204) throw new Error(`saving the template answered ${answer.status} ${await answer.text()}`);
    }, template);

    // Add server: the template's limits fill the boxes; memory lowered, processes added.
    await page.goto('/addserver');
    await page.getByLabel('Server name').fill('e2e limited');
    await page.getByRole('combobox', { name: 'Node' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Memory hog' }).click();
    const limits = page.getByTestId('add-server-limits');
    await expect.poll(() => limits.getByLabel('Memory (MiB)').inputValue()).toBe('256');
    await expect(limits.getByLabel(/^CPU/).inputValue()).resolves.toBe('100');
    await expect(limits.getByLabel('Disk (MiB)').inputValue()).resolves.toBe('');
    await limits.getByLabel('Memory (MiB)').fill('160');
    await limits.getByLabel('Processes').fill('64');
    await page.getByLabel('Install now').uncheck();
    await screenshot(page, 'limits-add-server');
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.waitForURL(/\/server\/[0-9a-f]{8}$/);
    const id = page.url().split('/').pop()!;
    expect((await definitionOf(page, id)).limits).toEqual({ memory: 160, cpu: 100, processes: 64 });

    // The Admin tab: the same boxes, a disk limit added.
    await page.locator('[data-tab=admin]').click();
    const card = page.getByTestId('server-limits');
    await expect.poll(() => card.getByLabel('Memory (MiB)').inputValue()).toBe('160');
    await card.getByLabel('Disk (MiB)').fill('500');
    await card.getByTestId('save-limits').click();
    await page.getByText('Limits saved').waitFor();
    await expect.poll(async () => (await definitionOf(page, id)).limits).toEqual({ memory: 160, cpu: 100, processes: 64, disk: 500 });
    await screenshot(page, 'limits-admin-tab');

    // Running, the Statistics tab shows use against each limit.
    await page.getByTestId('control-start').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    await page.locator('[data-tab=stats]').click();
    const memory = page.getByTestId('limit-use-memory-text');
    await expect.poll(() => memory.innerText(), { timeout: 20_000 }).toMatch(/^[\d.]+ of 160 MiB$/);
    await expect(page.getByTestId('limit-use-cpu-text').innerText()).resolves.toMatch(/ of 100%$/);
    await expect.poll(() => page.getByTestId('limit-use-disk-text').innerText(), { timeout: 20_000 }).toMatch(/ of 500 MiB$/);
    // This machine's cgroups enforce them (tests run as root).
    await expect(page.getByTestId('limits-not-enforced').count()).resolves.toBe(0);
    await page.getByText('Limits saved').waitFor({ state: 'hidden' });
    await screenshot(page, 'limits-stats');

    // The server list draws its memory bar against the limit.
    await page.goto('/server');
    const row = page.getByTestId('server-row').filter({ hasText: 'e2e limited' });
    await expect.poll(() => row.getByTestId('server-row-memory').innerText().catch(() => ''), { timeout: 20_000 }).toMatch(/^[\d.,]+ of 160 MiB$/);
    await screenshot(page, 'limits-server-list');

    // Past its memory limit the kernel ends the program, and the console says why.
    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=console]').click();
    await expect.poll(() => consoleText(page), { timeout: 20_000 }).toContain('hog ready');
    await page.getByTestId('console-input').fill('eat');
    await page.getByTestId('console-input').press('Enter');
    await expect.poll(() => consoleText(page), { timeout: 30_000 }).toContain('out of memory (limit 160 MiB)');
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('offline');
    await screenshot(page, 'limits-out-of-memory');
  });

  it("shows on the node page what the node enforces of servers' limits", async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const nodes = (await page.evaluate(async () => (await fetch('/api/nodes')).json())) as { id: number }[];
    await page.goto(`/node/${nodes[0]!.id}`);
    const card = page.getByTestId('node-limits');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('node-limits-cgroup').innerText(), { timeout: 20_000 }).toMatch(/^Through cgroup v[12]$/);
    for (const name of ['memory', 'cpu', 'processes', 'disk']) await expect(card.getByTestId(`node-limit-${name}`).getAttribute('data-enforced')).resolves.toBe('true');
    await screenshot(page, 'limits-node');

    // Right to left, in Arabic: the card reads whole, with no sideways scroll.
    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=ar_SA]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => card.getByTestId('node-limits-cgroup').innerText()).toMatch(/^عبر cgroup v[12]$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'limits-node-ar');
  });
});
