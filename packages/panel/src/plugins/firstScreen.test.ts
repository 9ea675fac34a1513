import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';

// The panel's side of drawing a first screen: which requests get one, with what data, and how it
// goes into the page. The renderer here stands where the web build's dist-ssr module is loaded
// (the real one is exercised by e2e/firstScreen.test.ts), echoing what it was given.
const renderer = `
export function firstScreenCalls(pathname) {
  if (pathname === '/server' || pathname === '/broken') return [{ queryKey: ['list', '</script><!--'], path: '/api/servers?page=1&limit=10' }];
  if (pathname === '/node') return [{ queryKey: ['nodes'], path: '/api/nodes' }];
  return [];
}
export async function renderFirstScreen(screen) {
  if (screen.pathname === '/broken') throw new Error('render failed');
  const total = screen.queries[0].data.paging.total;
  return '<p id="drawn">' + screen.locale + ' ' + screen.scopes.length + ' scopes, ' + total + " servers, $' $&</p>";
}
`;

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Outpost</title><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>';
const css = 'body { color: #123456; }';

describe('pages drawn ahead for a session', () => {
  let t: TestApp;
  let dist: string;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    const build = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    dist = join(build, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(build, 'dist-ssr'));
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), css);
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(build, 'dist-ssr', 'renderFirstScreen.js'), renderer);
    t = await createTestApp({ webDist: dist });
    user = await createSignedInUser(t.app, [Scopes.ServersView]);
    cookie = `outpost_session=${user.token}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it("draws the page with the session's scopes, its list call's answer and the browser's language, for that session alone", async () => {
    const res = await get('/server', { cookie, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<html lang="fr-FR" dir="ltr">');
    // Its stylesheet is in it, so it paints without a second request.
    expect(res.body).toContain(`<title>Outpost</title><style>${css}</style></head>`);
    // Markup goes in as written: "$'" and "$&" are not replacement patterns here.
    expect(res.body).toContain(`<div id="root"><p id="drawn">fr_FR 1 scopes, 0 servers, $' $&</p></div>`);
    const data = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(res.body)?.[1];
    // Nothing in the data can end its element or open a comment: "<" is written as \\u003c.
    expect(data).not.toContain('<');
    expect(JSON.parse(data!)).toEqual({
      pathname: '/server',
      scopes: [Scopes.ServersView],
      locale: 'fr_FR',
      queries: [{ queryKey: ['list', '</script><!--'], data: { servers: [], paging: { page: 1, limit: 10, total: 0 } } }],
    });
  });

  it('compresses a drawn page as the browser accepts', async () => {
    const plain = (await get('/server', { cookie })).body;
    const br = await get('/server', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await get('/server', { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it("takes the language the app stored in its cookie over the browser's, and writes a right-to-left one so", async () => {
    const res = await get('/server', { cookie: `${cookie}; outpost_locale=ar_SA`, 'accept-language': 'de-DE' });
    expect(res.body).toContain('<html lang="ar-SA" dir="rtl">');
    const junk = await get('/server', { cookie: `${cookie}; outpost_locale=xx_XX`, 'accept-language': 'de-DE' });
    expect(junk.body).toContain('<html lang="de-DE" dir="ltr">');
  });

  it('sends the page as built when in doubt: no session, an ended one, a token header, a refused call, a failed render, no data to draw', async () => {
    const ended = await createSignedInUser(t.app, [Scopes.ServersView]);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: ended.headers });
    const cases: [string, Record<string, string>][] = [
      ['/server', {}],
      ['/server', { cookie: 'outpost_session=not-a-session' }],
      ['/server', { cookie: `outpost_session=${ended.token}` }],
      // A client holding a token asks the API; the page it gets is the same for everyone.
      ['/server', { cookie, authorization: `Bearer ${user.token}` }],
      // The nodes call answers 403 to a user without nodes.view.
      ['/node', { cookie }],
      ['/broken', { cookie }],
      ['/template', { cookie }],
    ];
    for (const [url, headers] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toBe(indexHtml);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});
