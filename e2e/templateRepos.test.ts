import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

// A template repository as a panel finds one on the web: index.json and <id>.json beside it.
const templates: Record<string, object> = {
  'e2e-alpha': { display: 'Alpha service', type: 'generic', run: { command: 'echo alpha' } },
  'e2e-beta': { display: 'Beta service', type: 'generic', run: { command: 'echo beta' } },
  'e2e-gamma': { display: 'Gamma service 2', type: 'generic', run: { command: 'echo gamma' } },
};
let repository: Server;
let repositoryUrl = '';

beforeAll(async () => {
  repository = createServer((req, res) => {
    const id = /^\/templates\/(.+)\.json$/.exec(req.url ?? '')?.[1];
    const body = id === 'index' ? Object.keys(templates) : id ? templates[id] : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => repository.listen(0, '127.0.0.1', resolve));
  repositoryUrl = `http://127.0.0.1:${(repository.address() as AddressInfo).port}/templates`;
});
afterAll(async () => {
  repository.closeAllConnections();
  await new Promise((resolve) => repository.close(resolve));
});

describe('template repositories', () => {
  it('adds a repository in the settings, lists its templates marked installed or newer, and imports one', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    // The repository is on loopback, which the panel fetches from only once an admin allows it.
    await page.evaluate(async () => {
      const answer = await fetch('/api/settings/panel.security.allowPrivateTargets', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ value: '127.0.0.0/8,::1/128' }) });
      if (answer.status !== 204) throw new Error(`allowing loopback answered ${answer.status}`);
    });
    // Beta is installed as the repository has it; gamma in an older version.
    await page.evaluate(
      async ([beta, gamma]) => {
        for (const [id, template] of [['e2e-beta', beta], ['e2e-gamma', gamma]] as const) {
          const answer = await fetch(`/api/templates/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(template) });
          if (answer.status !== 204) throw new Error(`saving ${id} answered ${answer.status}`);
        }
      },
      [templates['e2e-beta'], { ...templates['e2e-gamma'], display: 'Gamma service' }],
    );

    // Settings: the shipped repository is there; a bad URL is refused; the repository is added.
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('template-repositories');
    await card.getByTestId('template-repository-shipped').getByText('Shipped with Outpost').waitFor();
    await card.getByTestId('template-repository-url').fill('ftp://example.com/templates');
    await card.getByTestId('add-template-repository').click();
    await card.getByText('Must be a valid IP or FQDN').waitFor();
    await screenshot(page, 'template-repositories-invalid-url');
    await card.getByTestId('template-repository-url').fill(repositoryUrl);
    await card.getByTestId('add-template-repository').click();
    await page.getByText('Template repository added').waitFor();
    await card.getByText(repositoryUrl).waitFor();
    await screenshot(page, 'template-repositories-settings');

    // Import: pick the repository; each template carries its mark.
    await page.getByTestId('nav-template').click();
    await page.getByTestId('import-templates').click();
    const dialog = page.getByRole('dialog', { name: 'Import templates' });
    await dialog.getByTestId('import-repository').click();
    await page.getByRole('option', { name: repositoryUrl }).click();
    const row = (id: string) => dialog.getByTestId(`import-${id}`);
    await row('e2e-alpha').waitFor();
    await expect(row('e2e-alpha').getAttribute('data-status')).resolves.toBe('new');
    await expect(row('e2e-beta').getByTestId('import-mark-e2e-beta').textContent()).resolves.toBe('Installed');
    await expect(row('e2e-gamma').getByTestId('import-mark-e2e-gamma').textContent()).resolves.toBe('Newer available');
    await screenshot(page, 'template-repositories-import');

    // Importing alpha installs it; updating gamma brings the repository's version.
    await row('e2e-alpha').getByRole('button', { name: 'Import' }).click();
    await page.getByText('Template e2e-alpha imported').waitFor();
    await expect.poll(() => row('e2e-alpha').getAttribute('data-status')).toBe('installed');
    await row('e2e-gamma').getByRole('button', { name: 'Update' }).click();
    await page.getByText('Template e2e-gamma imported').waitFor();
    await expect.poll(() => row('e2e-gamma').getAttribute('data-status')).toBe('installed');
    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: 'Alpha service' }).waitFor();
    await page.getByRole('cell', { name: 'Gamma service 2' }).waitFor();
  });

  it('says so when a repository cannot be reached', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    // A port nobody listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/templates`;
    await new Promise((resolve) => closed.close(resolve));
    await page.getByTestId('nav-settings').click();
    const card = page.getByTestId('template-repositories');
    await card.getByTestId('template-repository-url').fill(deadUrl);
    await card.getByTestId('add-template-repository').click();
    await card.getByText(deadUrl).waitFor();

    await page.getByTestId('nav-template').click();
    await page.getByTestId('import-templates').first().click();
    const dialog = page.getByRole('dialog', { name: 'Import templates' });
    await dialog.getByTestId('import-repository').click();
    await page.getByRole('option', { name: deadUrl }).click();
    await expect(dialog.getByTestId('repository-unreachable').innerText()).resolves.toContain(`The template repository ${deadUrl} cannot be reached`);
    await screenshot(page, 'template-repositories-unreachable');

    // Removing it in the settings takes it out of the list.
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('template-repositories').getByText(deadUrl).waitFor();
    const rows = page.getByTestId('template-repositories').locator('tr', { hasText: deadUrl });
    await rows.getByRole('button', { name: 'Remove repository' }).click();
    await page.getByText('Template repository removed').waitFor();
    await expect.poll(() => rows.count()).toBe(0);
  });
});
