import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../test/factories.js';

const inline = "\n      document.documentElement.setAttribute('data-x', 'y');\n    ";

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><head><script>${inline}</script><script type="module" crossorigin src="/assets/app.js"></script></head><title>Outpost</title>`);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends CSP, nosniff, no framing and a referrer policy on pages, API answers, errors and swagger', async () => {
    const admin = await createSignedInUser(t.app);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/api/self', headers: admin.headers }),
      await t.app.inject({ method: 'GET', url: '/api/self' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing' }),
      await t.app.inject({ method: 'POST', url: '/auth/login', payload: '{bad', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ method: 'GET', url: '/swagger/static/index.html' }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 60)}`;
      expect(res.headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['referrer-policy'], where).toBe('same-origin');
    }
  });

  it('lets only the panel\'s own scripts run, the inline colour-scheme snippet by its hash', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((part) => part.startsWith('script-src '))!;
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
  });
});

describe('the session cookie behind a TLS proxy', () => {
  const login = async (t: TestApp, headers: Record<string, string>) => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    return String(res.headers['set-cookie']);
  };

  it('is Secure when a trusted proxy says the request came over https', async () => {
    const t = await createTestApp({ trustProxy: true });
    try {
      expect(await login(t, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
      expect(await login(t, {})).not.toMatch(/;\s*Secure/i);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const t = await createTestApp();
    try {
      expect(await login(t, { 'x-forwarded-proto': 'https' })).not.toMatch(/;\s*Secure/i);
    } finally {
      await t.close();
    }
  });
});
