import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();
const MB = 1024 * 1024;

/** The progress shown for the upload under way, in percent; undefined while none shows (or it is not known yet). */
async function shownPercent(page: Page): Promise<number | undefined> {
  const bar = page.getByTestId('upload-progress').first();
  const percent = (await bar.count()) === 0 ? null : await bar.getAttribute('data-percent');
  return percent === null ? undefined : Number(percent);
}

/** Caps what the page may send, in bytes per second (CDP's network emulation); -1 lifts the cap. */
async function capUpload(cdp: CDPSession, bytesPerSecond: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('resumable uploads in the file manager', () => {
  let folder: string;
  let file: string;
  let digest: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'outpost-e2e-upload-'));
    file = join(folder, 'world.bin');
    const data = randomBytes(64 * MB);
    digest = sha(data);
    await writeFile(file, data);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('shows progress, pauses and resumes, and after a reload continues where it stopped when the same file is picked again', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e uploads');
    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=files]').click();
    await page.getByTestId('file-manager').waitFor();

    // A slow line: 64 MB at 6 MB/s takes long enough to pause, look and reload part-way.
    const cdp = await page.context().newCDPSession(page);
    await capUpload(cdp, 6 * MB);
    await page.getByTestId('file-upload-input').setInputFiles(file);
    await expect.poll(() => shownPercent(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);

    // Pause: the progress holds still; Resume goes on.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText(/^Paused: world\.bin \(\d+%\)$/).waitFor();
    const paused = await shownPercent(page);
    await screenshot(page, 'resumable-upload-paused-en');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await shownPercent(page)).toBe(paused);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => shownPercent(page), { timeout: 30_000 }).toBeGreaterThan(paused!);
    await expect.poll(() => shownPercent(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'resumable-upload-progress-en');

    // The page goes away mid-upload; it comes back in German.
    await page.evaluate(() => localStorage.setItem('locale', 'de_DE'));
    await page.reload();
    await page.locator('[data-tab=files]').click();
    await page.getByTestId('file-manager').waitFor();
    await capUpload(cdp, 12 * MB);

    // The same file picked again: the panel's copy is where it starts, not 0.
    const seen: number[] = [];
    const watch = setInterval(() => void shownPercent(page).then((percent) => percent !== undefined && seen.push(percent), () => {}), 50);
    try {
      await page.getByTestId('file-upload-input').setInputFiles(file);
      await page.getByText(/world\.bin wird ab \d+ % fortgesetzt/).waitFor({ timeout: 30_000 });
      await expect.poll(() => shownPercent(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
      await screenshot(page, 'resumable-upload-resumed-de');
      await capUpload(cdp, -1);
      await page.locator('[data-entry="world.bin"]').waitFor({ timeout: 60_000 });
    } finally {
      clearInterval(watch);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(10);

    // The file landed whole, and nothing of the upload is left to see.
    expect(sha(await readFile(join(rig.app.dataDir, 'servers', id, 'world.bin')))).toBe(digest);
    await expect(page.locator('[data-entry=".outpost-uploads"]').count()).resolves.toBe(0);
  }, 180_000);
});
