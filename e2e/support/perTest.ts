import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { startApp, type RunningApp } from './startApp';

export interface TestRig {
  app: RunningApp;
  /** A fresh Chromium for each test; a test may swap it, and the one in place is closed after. */
  browser: Browser;
}

/** Registers the hooks every browser test file uses: one app for the file, one browser per test. */
export function appWithBrowserPerTest(): TestRig {
  const rig = {} as TestRig;
  beforeAll(async () => {
    rig.app = await startApp();
  });
  afterAll(async () => {
    await rig.app?.stop();
  });
  beforeEach(async () => {
    rig.browser = await openBrowser(rig.app.url);
  });
  afterEach(async () => {
    await rig.browser?.close();
  });
  return rig;
}
