import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StatsHistory, StatsHistoryPoint } from '@outpost/shared';
import { openDatabase } from '../packages/panel/src/db/openDatabase';
import { metricsRepository, type MetricRow } from '../packages/panel/src/db/metrics';
import { MetricSpan } from '../packages/panel/src/services/metrics/MetricSpan';
import { metricTiers, spanStart, type MetricTier } from '../packages/panel/src/services/metrics/metricTiers';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FIVE_MINUTES = 5 * MINUTE;

/** A server's day as the seed draws it: busy in the evening, memory creeping up until a restart at midnight (UTC), players online by day. */
function sample(t: number, scale: number): StatsHistoryPoint {
  const hours = t / HOUR;
  const wave = Math.sin((2 * Math.PI * (hours - 14)) / 24);
  return {
    t,
    cpu: scale * (30 + 20 * wave + 6 * Math.sin(hours * 5)),
    memory: scale * (350e6 + 150e6 * ((hours % 24) / 24)),
    disk: scale * 2.2e9,
    players: Math.max(0, Math.round(scale * (8 + 6 * wave))),
  };
}

/**
 * Writes history for each server into the running panel's SQLite file with the panel's own code
 * (the metrics table's rows, encoded as the panel encodes them): hourly points for 30 days (none
 * for a day three weeks ago), 5-minute points for the last day up to an hour ago (none for three
 * hours in the night: a stop), and 10-s points for the last hour (none for two minutes half an
 * hour ago), left for the panel to roll up as its own.
 */
async function seedHistory(dataDir: string, servers: { id: string; scale: number }[], now: number): Promise<void> {
  const db = openDatabase({ dialect: 'sqlite', url: join(dataDir, 'outpost.db') });
  try {
    const [raw, fiveMinute, hourly] = metricTiers;
    const rows: MetricRow[] = [];
    for (const { id, scale } of servers) {
      const spans = new Map<string, MetricSpan>();
      const put = (tier: MetricTier, point: StatsHistoryPoint) => {
        const key = `${tier.tier}:${spanStart(tier, point.t)}`;
        if (!spans.has(key)) spans.set(key, new MetricSpan(id, tier, spanStart(tier, point.t)));
        spans.get(key)!.put(point);
      };
      const lastHour = Math.floor((now - HOUR) / FIVE_MINUTES) * FIVE_MINUTES;
      for (let t = Math.floor((now - 30 * DAY) / HOUR) * HOUR + HOUR; t < Math.floor((now - HOUR) / HOUR) * HOUR; t += HOUR) {
        if (t > now - 22 * DAY && t < now - 21 * DAY) continue;
        const point = sample(t, scale);
        put(hourly, { ...point, cpuMax: point.cpu * 2, memoryMax: point.memory * 1.1 });
      }
      for (let t = Math.floor((now - DAY) / FIVE_MINUTES) * FIVE_MINUTES + FIVE_MINUTES; t < lastHour; t += FIVE_MINUTES) {
        if (t > now - 13 * HOUR && t < now - 10 * HOUR) continue;
        const point = sample(t, scale);
        put(fiveMinute, { ...point, cpuMax: point.cpu * 1.7, memoryMax: point.memory * 1.08 });
      }
      for (let t = lastHour; t <= now - 20_000; t += 10_000) {
        if (t > now - 30 * MINUTE && t < now - 28 * MINUTE) continue;
        put(raw, sample(t, scale));
      }
      for (const span of spans.values()) rows.push({ server: id, tier: span.tier.tier, start: span.start, until: span.until!, rolled: false, data: span.encode() });
    }
    await metricsRepository(db).put(rows);
  } finally {
    await db.destroy();
  }
}

/** The drawn pieces of each line of a chart (a gap starts a new one), and the times its axis reads. */
const drawing = (chart: Locator) =>
  chart.evaluate((element) => ({
    pieces: [...element.querySelectorAll('path.recharts-line-curve')].map((path) => (path.getAttribute('d') ?? '').split('M').filter((piece) => piece.includes('L')).length),
    times: [...element.querySelectorAll('.recharts-xAxis-tick-labels text')].map((tick) => tick.textContent ?? ''),
  }));

const pickRange = (page: Page, scope: Locator, label: string) => scope.getByTestId('stats-range').getByText(label, { exact: true }).click();

/** Shows the app in German, with the browser's clock in Berlin (an hour off the machine's UTC). */
async function inGermanFromBerlin(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/Berlin' });
  await page.getByTestId('language-button').click();
  await page.locator('[data-locale=de_DE]').click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
  // Charts keep the ticks they placed: a fresh page places them by Berlin's clock.
  await page.reload();
}

/** Ticks every six hours from midnight as the browser's clock reads them (so placed by its time zone). */
const onRoundHours = (times: string[], pattern: RegExp) => times.every((time) => pattern.test(time) && Number(time.slice(0, 2)) % 6 === 0);

describe('stats history', () => {
  it("draws a seeded day on the Stats tab at 24 h, with the night's stop as a gap, in English and in German", async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e history');
    await seedHistory(rig.app.dataDir, [{ id, scale: 1 }], Date.now());

    await page.goto(`/server/${id}`);
    await page.locator('[data-tab=stats]').click();
    // Live first, as before.
    await page.getByTestId('stats-cpu').waitFor();
    await pickRange(page, page.locator('body'), '24 h');
    const cpu = page.getByTestId('history-cpu');
    await cpu.locator('path.recharts-line-curve').first().waitFor();
    await expect(page.getByTestId('stats-history').getAttribute('data-step')).resolves.toBe('300');
    // The highest samples and the averages, each in two pieces around the stop.
    const day = await drawing(cpu);
    expect(day.pieces).toEqual([2, 2]);
    expect(day.times).toHaveLength(4);
    expect(onRoundHours(day.times, /^\d\d:00\s?(AM|PM)$/)).toBe(true);
    for (const chart of ['history-memory', 'history-disk', 'history-players']) await expect(page.getByTestId(chart).locator('path.recharts-line-curve').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'stats-history');
    // Pointing at a step names its date and time, and its average and highest.
    await cpu.locator('.recharts-surface').hover({ position: { x: 400, y: 100 } });
    await expect.poll(() => cpu.locator('.mantine-ChartTooltip-tooltip').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M\s+Highest\s+[\d.]+ %\s+Average\s+[\d.]+ %$/);

    // The last hour in 10-s points: two minutes without any are a gap there too.
    await pickRange(page, page.locator('body'), '1 h');
    await expect.poll(() => page.getByTestId('stats-history').getAttribute('data-step')).toBe('10');
    await expect.poll(async () => (await drawing(cpu)).pieces).toEqual([2]);

    await inGermanFromBerlin(page);
    await page.locator('[data-tab=stats]').click();
    await pickRange(page, page.locator('body'), '24 Std.');
    await cpu.locator('path.recharts-line-curve').first().waitFor();
    const german = await drawing(cpu);
    expect(german.pieces).toEqual([2, 2]);
    expect(onRoundHours(german.times, /^\d\d:00$/)).toBe(true);
    await expect(cpu.getByText('Durchschnitt').count()).resolves.toBe(1);
    await screenshot(page, 'stats-history-de');
  });

  it('fits a phone in Arabic, 30 days marked by days', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e history phone');
    await seedHistory(rig.app.dataDir, [{ id, scale: 1 }], Date.now());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/server/${id}`);
    await page.getByTestId('language-button').click();
    await page.locator('[data-locale=ar_SA]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('[data-tab=stats]').click();
    await pickRange(page, page.locator('body'), '30 يومًا');
    await expect.poll(() => page.getByTestId('stats-history').getAttribute('data-step')).toBe('3600');
    const cpu = page.getByTestId('history-cpu');
    await cpu.locator('path.recharts-line-curve').first().waitFor();
    // The day without points three weeks ago is a gap; the axis names days, in Arabic digits.
    const month = await drawing(cpu);
    expect(month.pieces).toEqual([2, 2]);
    expect(month.times.length).toBeGreaterThanOrEqual(3);
    for (const time of month.times) expect(time).toMatch(/^[\u0660-\u0669]+ \S+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'stats-history-phone-ar');
  });

  it("shows the node's servers' totals on the node page", async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page, admin);
    const first = await createServerFromPage(page, 'e2e totals one');
    const second = await createServerFromPage(page, 'e2e totals two');
    await seedHistory(rig.app.dataDir, [{ id: first, scale: 1 }, { id: second, scale: 0.5 }], Date.now());

    // The node's points add its servers' up.
    const histories = await page.evaluate(
      async (ids) => {
        const nodes = (await (await fetch('/api/nodes')).json()) as { id: number }[];
        const read = async (path: string) => (await (await fetch(`${path}/stats/history?range=24h`)).json()) as StatsHistory;
        return { node: nodes[0]!.id, totals: await read(`/api/nodes/${nodes[0]!.id}`), servers: await Promise.all(ids.map((id) => read(`/api/servers/${id}`))) };
      },
      [first, second],
    );
    const at = histories.servers[1]!.points[10]!.t;
    const memoryAt = (history: StatsHistory) => history.points.find((point) => point.t === at)?.memory ?? 0;
    // Others' servers on the same node may add their own: at least these two.
    expect(memoryAt(histories.totals)).toBeGreaterThanOrEqual(memoryAt(histories.servers[0]!) + memoryAt(histories.servers[1]!) - 1024);

    await page.goto(`/node/${histories.node}`);
    const card = page.getByTestId('node-history');
    await card.getByText("Servers' totals").waitFor();
    const cpu = card.getByTestId('history-cpu');
    await cpu.locator('path.recharts-line-curve').first().waitFor();
    expect((await drawing(cpu)).times).toHaveLength(4);
    await expect(card.getByTestId('history-memory').locator('path.recharts-line-curve').count()).resolves.toBe(2);
    // A node's card draws CPU and memory only.
    await expect(card.getByTestId('history-players').count()).resolves.toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'node-history');

    await inGermanFromBerlin(page);
    await card.getByText('Summe der Server').waitFor();
    await pickRange(page, card, '7 T.');
    await expect.poll(() => card.getByTestId('stats-history').getAttribute('data-step')).toBe('3600');
    await pickRange(page, card, '24 Std.');
    await expect.poll(() => card.getByTestId('stats-history').getAttribute('data-step')).toBe('300');
    await expect.poll(async () => onRoundHours((await drawing(cpu)).times, /^\d\d:00$/)).toBe(true);
    await screenshot(page, 'node-history-de');
  });
});
