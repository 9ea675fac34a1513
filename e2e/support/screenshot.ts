import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

const folder = new URL('../screenshots/', import.meta.url).pathname;

/** Saves e2e/screenshots/<name>.png (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const path = `${folder}${name}.png`;
  // Let toasts and transitions settle so the picture shows the screen, not an animation.
  await page.waitForTimeout(300);
  await page.screenshot({ path, fullPage: true });
  return path;
}
