import { describe, expect, it } from 'vitest';
import { admin, appWithBrowserPerTest, uniqueUser } from './support';

// The panel draws a signed-in user's server list or server page into the HTML it sends
// (panel plugins/firstScreen.ts), and the app takes that markup over (web main.tsx).
const rig = appWithBrowserPerTest();

/** Signs `who` in over HTTP as any client would: the session cookie, and the scopes the app keeps. */
async function signInOverHttp(who: { email: string; password: string }): Promise<{ cookie: string; scopes: string[] }> {
  const login = await fetch(`${rig.app.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, scopes: ((await login.json()) as { scopes: string[] }).scopes };
}

const sessionCookie = async (who: { email: string; password: string }) => (await signInOverHttp(who)).cookie;

async function call(cookie: string, method: string, path: string, body?: object) {
  const answer = await fetch(rig.app.url + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  expect(answer.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

async function createServer(cookie: string, name: string): Promise<string> {
  const nodes = (await call(cookie, 'GET', '/api/nodes')) as unknown as { id: number }[];
  const template = { run: { command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], stopCode: 15 }, supportedEnvironments: [{ type: 'standard' }] };
  const created = await call(cookie, 'POST', '/api/servers', { name, node: nodes[0]!.id, template, environment: { type: 'standard' } });
  return created.id as string;
}

async function page(path: string, headers: Record<string, string>) {
  const answer = await fetch(rig.app.url + path, { headers: { accept: 'text/html', ...headers } });
  expect(answer.status).toBe(200);
  const html = await answer.text();
  const data = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(html)?.[1];
  // The markup alone, without the data written after it.
  const markup = html.split('<script type="application/json" id="first-screen">')[0]!;
  return { html, markup, cacheControl: answer.headers.get('cache-control'), drawn: data === undefined ? undefined : (JSON.parse(data) as { pathname: string; locale: string }) };
}

/** React's mark for a part it could not draw on the panel and left to the browser. */
const leftToBrowser = '<!--$!-->';

describe('first screen drawn by the panel', () => {
  it("sends the server list and a server's page with the session's own data, and nothing without a session", async () => {
    const adminCookie = await sessionCookie(admin);
    const id = await createServer(adminCookie, 'drawn ahead');

    const list = await page('/server', { cookie: adminCookie, 'accept-language': 'de-DE,de;q=0.9' });
    expect(list.drawn).toMatchObject({ pathname: '/server', locale: 'de_DE' });
    expect(list.markup).toMatch(/data-testid="server-row".*>drawn ahead</);
    expect(list.markup).not.toContain(leftToBrowser);
    expect(list.html).toContain('<html lang="de-DE" dir="ltr">');
    // The list's own words, in the browser's language.
    expect(list.html).toContain('Server hinzufügen');
    // A page for one session is kept by no cache.
    expect(list.cacheControl).toBe('private, no-store');

    const one = await page(`/server/${id}`, { cookie: adminCookie });
    expect(one.drawn).toMatchObject({ pathname: `/server/${id}`, locale: 'en_US' });
    expect(one.markup).toMatch(/data-testid="server-name"[^>]*>drawn ahead</);
    expect(one.markup).not.toContain(leftToBrowser);

    // Another user sees none of the admin's servers, in the list or by address.
    const other = uniqueUser('ahead');
    await call(adminCookie, 'POST', '/api/users', other);
    const otherCookie = await sessionCookie(other);
    const theirs = await page('/server', { cookie: otherCookie });
    expect(theirs.html).not.toContain('drawn ahead');
    const refused = await page(`/server/${id}`, { cookie: otherCookie });
    expect(refused.drawn).toBeUndefined();
    expect(refused.html).not.toContain('drawn ahead');

    // No session, a session ended, a screen without data: the page as built.
    for (const [path, headers] of [
      ['/server', {}],
      ['/server', { cookie: 'outpost_session=not-a-session' }],
      ['/template', { cookie: adminCookie }],
    ] as const) {
      const plain = await page(path, headers);
      expect(plain.drawn, path).toBeUndefined();
      expect(plain.html).toContain('<div id="root"></div>');
    }
    await call(otherCookie, 'POST', '/auth/logout');
    expect((await page('/server', { cookie: otherCookie })).drawn).toBeUndefined();
  });

  it('the app takes the drawn list over and works; a dark-scheme user gets it drawn afresh', async () => {
    const { cookie, scopes } = await signInOverHttp(admin);
    await createServer(cookie, 'taken over');
    for (const dark of [false, true]) {
      const { context, page: tab } = rig.browser;
      const [name, value] = cookie.split('; ')[0]!.split('=');
      await context.addCookies([{ name: name!, value: value!, url: rig.app.url }]);
      await context.addInitScript(([scopes, dark]) => {
        localStorage.setItem('scopes', scopes as string);
        localStorage.setItem('dark', String(dark));
        // Whether the drawn list is thrown away (and drawn again) rather than taken over, per load.
        sessionStorage.removeItem('listRemoved');
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.removedNodes) if (node instanceof Element && node.querySelector('[data-testid=server-list]')) sessionStorage.setItem('listRemoved', 'yes');
        }).observe(document, { childList: true, subtree: true });
        // The light run keeps a stale list, as from a sign-in before a change: the page's are taken.
      }, [JSON.stringify(dark ? scopes : scopes.slice(1)), dark] as const);
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(error.message));
      tab.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));

      const served = tab.waitForResponse((response) => new URL(response.url()).pathname === '/server');
      await tab.goto('/server');
      expect(await (await served).text()).toContain('>taken over<');
      // Working once the app runs: the search narrows the list on the panel, and a row opens its server.
      await tab.locator('html[data-app=running]').waitFor({ state: 'attached' });
      // Taken over as drawn in the light scheme; drawn again for a dark one (the panel draws light).
      expect(await tab.evaluate(() => sessionStorage.getItem('listRemoved'))).toBe(dark ? 'yes' : null);
      await tab.getByTestId('server-search').fill('taken');
      await expect.poll(() => tab.getByTestId('server-row').allInnerTexts()).toEqual([expect.stringContaining('taken over')]);
      await tab.getByTestId('server-row').click();
      await tab.waitForURL(/\/server\/[0-9a-f]{8}$/);
      await tab.getByTestId('server-name').getByText('taken over').waitFor();
      // The server's page, loaded anew, is drawn by the panel too, and taken over with its console.
      const address = tab.url();
      await tab.goto(address);
      await tab.locator('html[data-app=running]').waitFor({ state: 'attached' });
      await tab.getByTestId('console-terminal').waitFor();
      expect(await tab.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(dark ? 'dark' : 'light');
      // A page that hydrates into different markup reports it here (React's recoverable errors).
      expect(problems).toEqual([]);
      await context.clearCookies();
    }
  });
});
