import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factories.js';

const bigScript = `export const words = ${JSON.stringify('outpost '.repeat(2000))};`;

describe('serving the web app and the API document', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Outpost</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'big.js'), bigScript);
    writeFileSync(join(dist, 'assets', 'big.js.gz'), gzipSync(bigScript));
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

  it('sends the compressed copy to a browser that accepts it, the plain file to one that does not', async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(bigScript.length / 10);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(bigScript);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('lets browsers keep hashed assets for good, but asks them to check index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/server/abcd1234']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(String(page.headers['cache-control'] ?? ''), url).not.toContain('immutable');
    }
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
