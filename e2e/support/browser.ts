import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Debian's Chromium with the flags of machine-notes.md; never a downloaded browser.
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * A Chromium with a fresh profile (its own --user-data-dir) and one page on the app.
 * `locale` sets the browser language, which the app uses when no choice is stored.
 */
export async function openBrowser(baseURL: string, { locale = 'en-US' } = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'outpost-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args,
    headless: true,
    baseURL,
    locale,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
