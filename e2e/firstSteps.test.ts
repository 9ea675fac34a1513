// First steps on a fresh panel (issue 35, item 6): Add server with no templates leads to
// Templates, which imports them all at once; one node is already chosen; no "forgot password"
// without mail; the not-allowed card on every screen an account may not open; and a node that
// goes away is one line in the panel's log, not a stack trace at every poll.
import { afterAll, describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, freePort, screenshot, signIn, startDaemon, uniqueUser, type RunningDaemon } from './support';

const rig = appWithBrowserPerTest();
let daemon: RunningDaemon | undefined;
afterAll(async () => {
  await daemon?.remove();
});

/** A panel call with the admin's session, from outside the browser. */
async function call(method: string, path: string, body?: object): Promise<any> {
  const login = await fetch(`${rig.app.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  const { session } = (await login.json()) as { session: string };
  const answer = await fetch(`${rig.app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  expect(answer.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : {};
}

const linesOf = (output: string, pattern: RegExp) => output.split('\n').filter((line) => pattern.test(line));

describe('first steps', () => {
  it('leads from Add server to Templates when there are none, imports them all there, and has the only node chosen', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto('/addserver');
    await page.getByTestId('empty-state').getByText('No templates available').waitFor();
    await screenshot(page, 'first-steps-no-templates');
    await page.getByTestId('add-server-to-templates').click();
    await page.waitForURL('**/template');

    await page.getByTestId('import-templates-empty').click();
    const offered = page.getByTestId('import-list').locator('tr[data-status=new]');
    await offered.first().waitFor();
    const count = await offered.count();
    expect(count).toBeGreaterThan(1);
    await page.getByTestId('import-all').click();
    await expect.poll(() => page.getByTestId('import-list').locator('tr[data-status=installed]').count(), { timeout: 60_000 }).toBe(count);
    await expect(page.getByTestId('import-all').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'first-steps-imported-all');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('template-list').locator('tbody tr').count()).toBe(count);

    // One node (the local one): Add server has it chosen already.
    await page.goto('/addserver');
    await expect(page.getByRole('combobox', { name: 'Node' }).inputValue()).resolves.toBe('LocalNode');
    await screenshot(page, 'first-steps-add-server');
  });

  it('offers no "forgot password" without mail, and its address says to ask an administrator', async () => {
    const { page } = rig.browser;
    await page.goto('/auth/login');
    await page.locator('input[name=email]').waitFor();
    await expect(page.getByTestId('login-forgot').count()).resolves.toBe(0);
    await page.goto('/auth/forgot');
    await expect(page.getByTestId('forgot-ask-admin').innerText()).resolves.toMatch(/ask an administrator/);
    await expect(page.locator('input[name=email]').count()).resolves.toBe(0);
    await screenshot(page, 'first-steps-forgot-without-mail');
  });

  it('shows the not-allowed card on every screen an account without the scope opens', async () => {
    const { page } = rig.browser;
    const user = uniqueUser('limited');
    await call('POST', '/api/users', user);
    await signIn(page, user);
    // An account with no panel scope (what a new one gets): every admin screen, lists and single ones.
    const screens = ['/node', '/node/1', '/addnode', '/user', '/user/1', '/adduser', '/template', '/template/nodejs', '/addtemplate', '/activity', '/settings'];
    for (const path of screens) {
      await page.goto(path);
      // Add user carries a card of its own; the others the one of their route (ScopeGate). Never the error alert.
      await page.getByTestId(path === '/adduser' ? 'empty-state' : 'not-allowed').first().waitFor();
      expect(await page.getByRole('alert').count(), path).toBe(0);
      if (path === '/template') await screenshot(page, 'first-steps-not-allowed');
    }
  });

  it('logs a node going offline once and coming back once, not a stack trace at every poll', async () => {
    const { page } = rig.browser;
    const port = await freePort();
    const node = await call('POST', '/api/nodes', { name: 'Flaky', publicHost: '127.0.0.1', publicPort: port, sftpPort: await freePort() });
    daemon = await startDaemon(await call('GET', `/api/nodes/${node.id}/deployment`));
    await expect.poll(async () => ((await call('GET', `/api/nodes/${node.id}`)) as { online: boolean }).online, { timeout: 20_000 }).toBe(true);
    const server = await call('POST', '/api/servers', { name: 'on flaky', node: node.id, template: { run: { command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], stopCode: 15 }, supportedEnvironments: [{ type: 'standard' }] }, environment: { type: 'standard' } });

    // The server page open, asking the node every few seconds, while the node is gone for a while.
    await signIn(page, admin);
    await page.goto(`/server/${server.id}`);
    await page.getByTestId('server-name').waitFor();
    const before = rig.app.output().length;
    await daemon.stop();
    await page.getByTestId('node-offline').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(15_000);
    await daemon.start();
    await expect.poll(() => linesOf(rig.app.output().slice(before), /node Flaky is online/).length, { timeout: 20_000 }).toBe(1);
    const logged = rig.app.output().slice(before);
    expect(linesOf(logged, /node Flaky went offline/)).toHaveLength(1);
    expect(linesOf(logged, /request failed/)).toEqual([]);
    await screenshot(page, 'first-steps-node-back');
  });
});
