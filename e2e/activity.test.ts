import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, createServerFromPage, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

const rows = (page: Page) => page.getByTestId('activity-row');
const rowEvents = (page: Page) => rows(page).evaluateAll((list) => list.map((row) => row.getAttribute('data-event')));

/** Picks an event in the list's event filter by its label. */
async function filterByEvent(page: Page, label: string): Promise<void> {
  await page.getByTestId('activity-event-filter').fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function toGerman(page: Page): Promise<void> {
  await page.getByTestId('language-button').click();
  await page.locator('[data-locale=de_DE]').click();
}

/** A receiver of webhook deliveries on 127.0.0.1: what it got, each with its headers and body. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('activity', () => {
  it("shows what was done on a server in its Activity tab, filtered by event and by actor, in English and German", async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e activity');
    await page.goto(`/server/${id}`);
    await page.getByTestId('control-start').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    await page.getByTestId('console-input').fill('say hello from the log');
    await page.keyboard.press('Enter');
    await page.getByTestId('control-stop').click();
    await expect.poll(() => page.getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('offline');

    await page.locator('[data-tab=activity]').click();
    // The log is written in batches: the newest may take a moment, and a reload asks again.
    await expect
      .poll(async () => {
        await page.locator('[data-tab=console]').click();
        await page.locator('[data-tab=activity]').click();
        await rows(page).first().waitFor();
        return rowEvents(page);
      }, { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['server.started', 'server.console.command', 'server.stopped']));
    const command = rows(page).filter({ hasText: 'Console command' });
    await expect(command.innerText()).resolves.toContain('say hello from the log');
    await expect(command.innerText()).resolves.toContain('admin');
    await screenshot(page, 'activity-tab');

    // One event: only its rows.
    await filterByEvent(page, 'Console command');
    await expect.poll(() => rowEvents(page)).toEqual(['server.console.command']);
    await page.getByTestId('activity-event-filter').locator('..').locator('button').click();
    await expect.poll(async () => (await rowEvents(page)).length).toBeGreaterThan(1);

    // One actor, by a click on their name: every row is theirs.
    await command.getByTestId('activity-actor').click();
    await expect.poll(() => page.getByTestId('activity-actor-filter').inputValue()).not.toBe('');
    await expect.poll(async () => (await rows(page).getByTestId('activity-actor').allInnerTexts()).every((name) => name === 'admin')).toBe(true);
    await page.getByTestId('activity-actor-filter').fill('no-such-actor');
    await page.getByText('Nothing recorded yet.').waitFor();
    await page.getByTestId('activity-actor-filter').fill('');
    await rows(page).first().waitFor();

    await toGerman(page);
    await page.getByText('Konsolenbefehl').first().waitFor();
    await screenshot(page, 'activity-tab-de');
  });

  it('gives admins an Activity screen filtered by server and user, linking to each, and everyone their own activity', async () => {
    const { page } = rig.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, admin);
    const id = await createServerFromPage(page, 'e2e activity screen');
    await page.evaluate(async (server) => {
      const form = new FormData();
      form.append('file', new Blob(['motd=logged\n']), 'server.properties');
      const answer = await fetch(`/proxy/daemon/server/${server}/file/server.properties`, { method: 'PUT', body: form });
      if (!answer.ok) throw new Error(`writing answered ${answer.status}`);
    }, id);

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL('**/activity');
    await expect.poll(async () => { await page.reload(); await rows(page).first().waitFor(); return rowEvents(page); }, { timeout: 20_000 }).toEqual(expect.arrayContaining(['auth.login', 'server.file.uploaded']));
    await screenshot(page, 'activity-screen');

    await page.getByTestId('activity-server-filter').fill(id);
    await expect.poll(async () => (await rows(page).getByTestId('activity-server').allInnerTexts()).every((server) => server === id)).toBe(true);
    await expect.poll(() => rowEvents(page)).toContain('server.file.uploaded');
    await page.getByTestId('activity-server-filter').fill('');
    await page.getByTestId('activity-user-filter').fill('1');
    await expect.poll(() => rowEvents(page)).toContain('auth.login');

    await toGerman(page);
    await page.getByText('Angemeldet').first().waitFor();
    await screenshot(page, 'activity-screen-de');

    // Each entry links to its server.
    await page.getByTestId('activity-user-filter').fill('');
    await page.getByTestId('activity-server-filter').fill(id);
    await rows(page).filter({ has: page.getByTestId('activity-server') }).first().getByTestId('activity-server').click();
    await page.waitForURL(`**/server/${id}`);

    // One's own account: the sign-in is there.
    await page.goto('/account');
    const own = page.getByTestId('account-activity');
    await expect.poll(async () => own.getByTestId('activity-row').evaluateAll((list) => list.map((row) => row.getAttribute('data-event')))).toContain('auth.login');
  });

  it("creates a server's webhook in its Settings tab, shows the secret once and sends a signed test delivery to a receiver on 127.0.0.1", async () => {
    const receiver = await startReceiver();
    try {
      const { page } = rig.browser;
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, admin);
      // The receiver is on loopback, which the panel refuses unless the settings allow it.
      const allowed = await page.evaluate(async () => (await fetch('/api/settings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ 'panel.security.allowPrivateTargets': '127.0.0.0/8' }) })).status);
      expect(allowed).toBeLessThan(300);
      const id = await createServerFromPage(page, 'e2e webhooks');
      await page.goto(`/server/${id}`);
      await page.locator('[data-tab=settings]').click();
      const card = page.getByTestId('webhooks');
      await card.getByText('No webhooks yet.').waitFor();

      await card.getByTestId('webhook-add').first().click();
      const dialog = page.getByRole('dialog', { name: 'New webhook' });
      await dialog.getByTestId('webhook-url').fill(receiver.url);
      await dialog.getByTestId('webhook-events').click();
      await page.getByRole('option', { name: 'Crashed', exact: true }).click();
      await page.getByRole('option', { name: 'Started', exact: true }).click();
      await dialog.getByTestId('webhook-url').click();
      await screenshot(page, 'webhook-form');
      await dialog.getByTestId('webhook-save').click();

      const secret = await page.getByTestId('webhook-secret-value').innerText();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      await screenshot(page, 'webhook-secret');
      await page.getByRole('button', { name: 'Done' }).click();
      const row = card.getByTestId('webhook-row');
      await expect(row.innerText()).resolves.toContain(receiver.url);
      expect(await page.getByText(secret).count()).toBe(0);

      await row.getByTestId('webhook-test').click();
      const delivery = page.getByTestId('webhook-delivery').first();
      await expect.poll(() => delivery.getAttribute('data-status'), { timeout: 20_000 }).toBe('delivered');
      await expect(delivery.getByTestId('webhook-delivery-answer').innerText()).resolves.toBe('200');
      await screenshot(page, 'webhook-deliveries');

      // What arrived: the test event, signed with the secret shown once.
      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      expect(got!.headers['x-outpost-event']).toBe('webhook.test');
      expect(got!.headers['x-outpost-signature']).toBe(`sha256=${createHmac('sha256', secret).update(got!.body).digest('hex')}`);
      expect(JSON.parse(got!.body)).toMatchObject({ event: 'webhook.test', delivery: got!.headers['x-outpost-delivery'] });

      await page.keyboard.press('Escape');
      await toGerman(page);
      await card.getByText('Test senden').waitFor();
      await screenshot(page, 'webhooks-card-de');
    } finally {
      await receiver.close();
    }
  });
});
