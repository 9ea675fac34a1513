import { SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../test/serverFixtures.js';
import type { TestUser } from '../test/factories.js';

// What a page on another site can make a browser send with the visitor's cookie: form posts
// (text/plain, urlencoded, multipart) and fetches without custom headers, all with its Origin.
describe('calls from other sites', () => {
  let t: NodeTestApp;
  let id: string;
  let operator: TestUser;
  let cookie: Record<string, string>;
  const consoleText = async () => ((await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: t.admin.headers })).json().logs as string[]).join('');

  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'cross-site');
    operator = await createServerUser(t.app, id, { viewServerConsole: true, sendServerConsole: true, startServer: true, stopServer: true, putServerFiles: true, viewServerFiles: true });
    cookie = { cookie: `outpost_session=${operator.token}`, host: 'panel.example.com' };
    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/start?wait`, headers: t.admin.headers })).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await consoleText()).toContain('ready'), { timeout: 10_000 });
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    await t.close();
  });

  const send = (command: string, headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/console`, headers: { ...cookie, ...headers }, payload });

  it('refuses a cookie-signed console command from another origin with 403 ErrOriginNotAllowed, and it never runs', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://panel.example.com.evil.example']) {
      const res = await send(`echo from ${origin}`, { origin, 'content-type': 'application/json' }, JSON.stringify({ command: `echo cross ${origin}` }));
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.reason).toBe('ErrOriginNotAllowed');
    }
    // A same-origin command sent afterwards arrives, so the refused ones had their chance to.
    expect((await send('', { origin: 'http://panel.example.com', 'content-type': 'application/json' }, JSON.stringify({ command: 'echo same site' }))).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await consoleText()).toContain('echo same site'));
    expect(await consoleText()).not.toContain('cross');
  });

  it('answers 415 ErrUnsupportedMediaType to form posts even when the browser sends no Origin', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await send('', { 'content-type': type }, 'echo form post');
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.reason).toBe('ErrUnsupportedMediaType');
    }
    const start = await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/stop`, headers: { ...cookie, 'content-type': 'text/plain' }, payload: '' });
    expect(start.statusCode).toBe(415);
    const imported = await t.app.inject({ method: 'POST', url: '/api/templates/import/nodejs', headers: { cookie: `outpost_session=${t.admin.token}`, 'content-type': 'text/plain' }, payload: 'x' });
    expect(imported.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/templates', headers: t.admin.headers })).json().map((tpl: { id: string }) => tpl.id)).not.toContain('nodejs');
    expect((await send('', { 'content-type': 'application/json' }, JSON.stringify({ command: 'echo still running' }))).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await consoleText()).toContain('echo still running'));
    expect(await consoleText()).not.toContain('form post');
  });

  it('takes multipart only on the upload route, and JSON or no body everywhere', async () => {
    const boundary = 'b0undary';
    const upload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const headers = { ...cookie, origin: 'http://panel.example.com', 'content-type': `multipart/form-data; boundary=${boundary}` };
    expect((await t.app.inject({ method: 'PUT', url: `/proxy/daemon/server/${id}/file/a.txt`, headers, payload: upload })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/proxy/daemon/server/${id}/file/a.txt`, headers: cookie })).statusCode).toBe(204);
  });

  it('accepts the configured master URL as an origin, and scripts with a bearer token as before', async () => {
    await t.app.panel.repo.settings.setMany({ [SettingKeys.masterUrl]: 'https://outpost.example.org' });
    const viaMaster = await send('', { origin: 'https://outpost.example.org', 'content-type': 'application/json' }, JSON.stringify({ command: 'echo via master' }));
    expect(viaMaster.statusCode).toBe(204);
    const script = await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/console`, headers: { ...operator.headers, 'content-type': 'text/plain' }, payload: 'echo from a script' });
    expect(script.statusCode).toBe(204);
    await vi.waitFor(async () => expect(await consoleText()).toContain('echo from a script'));
  });

  it('refuses a cross-site login form too (login CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { origin: 'https://evil.example', host: 'panel.example.com', 'content-type': 'application/json' }, payload: { email: operator.email, password: operator.password } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
