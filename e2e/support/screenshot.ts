import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

const folder = new URL('../screenshots/', import.meta.url).pathname;

/** Saves e2e/screenshots/<name>.png (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const path = `${folder}${name}.png`;
  // The picture shows the screen, not an animation: transitions under way (a toast sliding in, a
  // menu fading out) are waited for, from the next frame on, so ones just started count too.
  // Endless ones (spinners, skeletons) never finish: the screenshot stops those itself.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
