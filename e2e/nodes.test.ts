import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, consoleText, freePort, screenshot, signIn, startDaemon, type RunningDaemon } from './support';

const rig = appWithBrowserPerTest();
let daemon: RunningDaemon | undefined;
afterAll(async () => {
  await daemon?.remove();
});

const onlineOf = (page: Page) => page.getByTestId('node-status').first().getAttribute('data-online');

describe('nodes', () => {
  it('adds a node, runs its daemon from the deployment shown, creates a server on it and sees its console; says when the node is offline', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);

    // The list: the local node, online with its version, read-only on its page.
    await page.getByTestId('nav-node').click();
    await page.waitForURL('**/node');
    const list = page.getByTestId('node-list');
    await expect.poll(() => list.getByTestId('node-status').first().getAttribute('data-online')).toBe('true');
    await screenshot(page, 'nodes-list');
    await list.getByText('LocalNode').click();
    await page.getByTestId('node-facts').waitFor();
    await expect(page.getByTestId('node-save').count()).resolves.toBe(0);
    await screenshot(page, 'node-local');

    // Add a node: public address only, the private one left blank.
    await page.getByTestId('nav-node').click();
    await page.getByTestId('add-node').click();
    await page.waitForURL('**/addnode');
    const port = await freePort();
    const sftpPort = await freePort();
    await page.getByLabel('Name').fill('Remote e2e');
    await page.getByLabel('Public host').fill('127.0.0.1');
    await page.getByLabel('Public port').fill(String(port));
    await page.getByLabel('SFTP port').fill(String(sftpPort));
    await screenshot(page, 'add-node');
    await page.getByTestId('node-save').click();
    await page.waitForURL(/\/node\/\d+$/);
    await expect.poll(() => onlineOf(page)).toBe('false');

    // Its deployment: the install commands, the daemon.json and a systemd unit, each with a copy button.
    await page.getByTestId('show-deployment').click();
    const json = JSON.parse(await page.getByTestId('daemon-json').innerText()) as { privatePort: number; sftpPort: number; secret: string };
    expect(json).toMatchObject({ privatePort: port, sftpPort, secret: expect.any(String) });
    await expect(page.getByTestId('install-commands').innerText()).resolves.toContain('node outpost-daemon/bin/outpost-daemon.js --config daemon.json');
    await page.getByTestId('daemon-json-copy').waitFor();
    // The page says what showing the secret amounts to.
    await expect(page.getByTestId('deploy-grants').innerText()).resolves.toMatch(/Deploy nodes is admin over this node's servers/);
    await screenshot(page, 'node-deployment');

    // Run the daemon with that file, as the admin would on the other machine: the page sees it come online.
    daemon = await startDaemon(json);
    await expect.poll(() => onlineOf(page), { timeout: 20_000 }).toBe('true');
    await expect(page.getByTestId('node-status').first().innerText()).resolves.toMatch(/online · \d+\.\d+\.\d+/i);
    await screenshot(page, 'node-online');

    // A server on it, from the add-server screen, installed with its console watched.
    const imported = await page.evaluate(async () => (await fetch('/api/templates/import/nodejs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status);
    expect(imported).toBe(204);
    await page.goto('/addserver');
    await page.getByLabel('Server name').fill('remote app');
    await page.getByRole('combobox', { name: 'Node' }).click();
    await page.getByRole('option', { name: 'Remote e2e' }).click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Node.js application' }).click();
    await page.getByLabel('Main file').waitFor();
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.waitForURL(/\/server\/[0-9a-f]{8}$/);
    await page.getByTestId('control-install').click();
    await expect.poll(() => consoleText(page), { timeout: 30_000 }).toContain('Server installed');
    await screenshot(page, 'remote-server-console');

    // The node goes away: the server page says so, and catches up by itself once it is back.
    await daemon.stop();
    await page.getByTestId('node-offline').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('node-offline').innerText()).resolves.toContain('Remote e2e');
    await screenshot(page, 'server-node-offline');
    await daemon.start();
    await page.getByTestId('node-offline').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('nav-node').click();
    await expect.poll(() => list.getByTestId('node-status').nth(1).getAttribute('data-online'), { timeout: 20_000 }).toBe('true');
    // The list first shows what it fetched before the server existed, then refreshes.
    await expect.poll(() => list.getByTestId('node-servers').nth(1).innerText(), { timeout: 20_000 }).toBe('1');

    // Deleting it is refused while the server lives there, and the page says why.
    await list.getByText('Remote e2e').click();
    await page.getByTestId('delete-node').click();
    await page.getByTestId('confirm-delete-node').click();
    await expect(page.getByTestId('node-delete-error').innerText()).resolves.toContain('still holds 1 servers');
    await screenshot(page, 'node-delete-refused');

    // A new secret: the running daemon takes it, and the page shows the new daemon.json once.
    await page.getByTestId('rotate-secret').click();
    await page.getByTestId('confirm-rotate').click();
    await expect(page.getByTestId('rotated').getAttribute('data-pushed')).resolves.toBe('true');
    const rotated = JSON.parse(await page.getByTestId('daemon-json').innerText()) as { secret: string };
    expect(rotated.secret).not.toBe(json.secret);
    await expect.poll(() => JSON.parse(readFileSync(daemon!.configPath, 'utf8')).secret).toBe(rotated.secret);
    await screenshot(page, 'node-secret-rotated');
    await expect.poll(() => onlineOf(page), { timeout: 20_000 }).toBe('true');
  });
});
