import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's browser build, read once and injected into the page under test.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact;
  help: string;
  /** Where on the page: each offending node's selector and axe's summary of what is wrong. */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA rules, plus best practices) on what the page shows now and
 * answers its violations. Elements hidden from everyone (closed menus, inactive tabs) are not checked.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the panel's Content-Security-Policy does not govern
  // (a <script> tag would be refused), so the page is tested with its real policy in force.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource};0`);
  return page.evaluate(async () => {
    // Colours are measured once a dialog has faded in, not halfway.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    type Result = { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact as Impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
    }));
  });
}

/** Violations counted by impact (each offending element once). */
export function countByImpact(violations: AxeViolation[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) counts[v.impact] += v.nodes.length;
  return counts;
}

/** A readable list of the critical and serious violations, for a failure message. */
export function describeBlocking(violations: AxeViolation[]): string {
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target}: ${n.summary}`).join('\n')}`)
    .join('\n');
}
