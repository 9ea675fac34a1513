import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factories.js';

describe('serving the web app and the API document', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Outpost</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes on reload', async () => {
    for (const url of ['/', '/server/abcd1234', '/account', '/auth/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Outpost</title>');
    }
  });

  it('serves built assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    for (const url of ['/api/unknown', '/proxy/daemon/x', '/oauth2/token', '/swagger/nothing', '/auth/nothing']) {
      // /auth holds screens (GET) and calls (POST): an unknown call there is a JSON 404.
      const res = await t.app.inject({ method: url === '/auth/nothing' ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.reason, url).toBe('ErrNotFound');
    }
  });

  it('shows the OpenAPI page at /swagger/index.html with every route in the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/swagger/index.html' });
    expect(page.statusCode).toBe(302);
    const ui = await t.app.inject({ method: 'GET', url: page.headers.location as string });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const doc = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/login', '/api/self', '/api/settings/{key}', '/api/self/otp/{token}']));
    expect(doc.paths['/auth/login'].post.responses['200']).toBeDefined();
  });
});
