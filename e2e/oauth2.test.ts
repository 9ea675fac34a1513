import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();

/** What a script does with the credentials the dialog showed: the client credentials grant. */
async function tokenStatus(clientId: string, secret: string): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${rig.app.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
  });
  const body = (await res.json()) as { access_token?: string };
  return { status: res.status, token: body.access_token };
}

/** Creates a client through the card's dialog; answers the id and secret it showed once. */
async function createInCard(page: Page, card: string, name: string): Promise<{ id: string; secret: string }> {
  const scope = page.getByTestId(card);
  await scope.getByTestId('oauth2-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description', { exact: true }).fill('made by the browser test');
  await dialog.getByLabel('Description', { exact: true }).press('Enter');
  await page.getByTestId('oauth2-credentials').waitFor();
  await page.getByText('shown only once').waitFor();
  const id = (await page.getByTestId('oauth2-client-id').innerText()).trim();
  const secret = (await page.getByTestId('oauth2-client-secret').innerText()).trim();
  await page.getByRole('button', { name: 'Copy Client secret' }).waitFor();
  await screenshot(page, `${card}-credentials`);
  await page.getByRole('button', { name: 'Done' }).click();
  await scope.getByText(name).waitFor();
  return { id, secret };
}

/** Deletes through the dialog: the button is off until the switch is on. */
async function deleteInCard(page: Page, card: string, name: string): Promise<void> {
  await page.getByTestId(card).getByRole('button', { name: `Delete client ${name}` }).click();
  const confirm = page.getByTestId('oauth2-delete-confirm');
  await expect(confirm.isDisabled()).resolves.toBe(true);
  await page.getByRole('switch', { name: 'I understand, delete this client' }).click();
  await expect(confirm.isEnabled()).resolves.toBe(true);
  await confirm.click();
  await page.getByTestId(card).getByText('No clients yet').waitFor();
}

describe('OAuth2 clients', () => {
  it('creates an account client whose secret is shown once and works, then deletes it', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto('/account');
    const card = page.getByTestId('account-oauth2');
    await card.getByText('No clients yet').waitFor();
    const client = await createInCard(page, 'account-oauth2', 'home automation');
    expect(client.id).toMatch(/^[0-9a-f]{24}$/);
    // The secret is nowhere on the page once the dialog is closed.
    await expect(page.getByText(client.secret).count()).resolves.toBe(0);
    await card.getByText(client.id).waitFor();
    expect((await tokenStatus(client.id, client.secret)).status).toBe(200);

    await deleteInCard(page, 'account-oauth2', 'home automation');
    expect((await tokenStatus(client.id, client.secret)).status).toBe(401);
  });

  it('creates a server client on the Admin tab that reaches that server', async () => {
    const { page } = rig.browser;
    // The server, made through the API as the admin.
    const login = await fetch(`${rig.app.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const auth = { authorization: `Bearer ${((await login.json()) as { session: string }).session}`, 'content-type': 'application/json' };
    const nodes = (await (await fetch(`${rig.app.url}/api/nodes`, { headers: auth })).json()) as { id: number }[];
    const definition = {
      type: 'test',
      run: { command: ['node', '-e', "console.log('ready')"] },
      environment: { type: 'standard' },
      supportedEnvironments: [{ type: 'standard' }],
    };
    const created = await fetch(`${rig.app.url}/api/servers`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'oauth e2e', node: nodes[0]!.id, template: definition, environment: { type: 'standard' } }) });
    expect(created.status).toBe(200);
    const serverId = ((await created.json()) as { id: string }).id;

    await signIn(page, admin);
    await page.goto(`/server/${serverId}`);
    await page.locator('[data-tab=admin]').click();
    await page.getByTestId('server-oauth2').getByText('No clients yet').waitFor();
    const client = await createInCard(page, 'server-oauth2', 'status bot');
    const { status, token } = await tokenStatus(client.id, client.secret);
    expect(status).toBe(200);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await fetch(`${rig.app.url}/proxy/daemon/server/${serverId}/status`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${rig.app.url}/api/nodes`, { headers: bearer })).status).toBe(403);
    // The account card does not list it: it belongs to the server.
    await page.goto('/account');
    const accountCard = page.getByTestId('account-oauth2');
    await accountCard.locator('[data-testid=empty-state], [data-testid=oauth2-client]').first().waitFor();
    await expect(accountCard.getByText('status bot').count()).resolves.toBe(0);
    await page.goto(`/server/${serverId}`);
    await page.locator('[data-tab=admin]').click();
    await deleteInCard(page, 'server-oauth2', 'status bot');
    expect((await fetch(`${rig.app.url}/proxy/daemon/server/${serverId}/status`, { headers: bearer })).status).toBe(401);
  });
});
