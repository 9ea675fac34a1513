import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/openDatabase.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';
import { createTestDatabase } from '../../test/testDatabase.js';

/** GET over a real socket, as HAProxy's check sends it: no cookie, no token. */
async function get(root: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${root}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', cache: res.headers.get('cache-control'), body: await res.text() };
}

async function listen(t: TestApp['app']): Promise<string> {
  await t.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
}

describe('GET /health', () => {
  let t: TestApp;
  let root: string;
  let dist: string;
  beforeAll(async () => {
    // A built web app: its fallback answers index.html for unknown GETs, never for /health.
    dist = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Outpost</title>');
    t = await createTestApp({ webDist: dist });
    root = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 200 ok to anyone, without a cookie, as JSON that no cache keeps', async () => {
    const res = await get(root, '/health');
    expect(res).toMatchObject({ status: 200, cache: 'no-store' });
    expect(res.type).toContain('application/json');
    // A panel alone on its database leads the once-only jobs.
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', leader: true });
  });

  it('is not refused for a foreign Origin or a stale cookie, and checks every second leave sign-in alone', async () => {
    expect((await get(root, '/health', { origin: 'https://elsewhere.example', cookie: 'outpost_session=gone' })).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await get(root, '/health')).status).toBe(200);
    const user = await createSignedInUser(t.app);
    const login = await fetch(`${root}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(login.status).toBe(200);
  });

  it('answers 503 draining from the moment the instance begins to stop', async () => {
    t.app.panel.draining = true;
    try {
      const res = await get(root, '/health');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toMatchObject({ status: 'draining' });
    } finally {
      t.app.panel.draining = false;
    }
  });
});

describe('GET /health without a database', () => {
  it('answers 503 database unavailable when the database does not answer', async () => {
    const database = await createTestDatabase('sqlite');
    const db = openDatabase(database.config);
    const config = { port: 0, host: '127.0.0.1', dataDir: database.config.url.replace(/\/[^/]+$/, ''), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 };
    const app = await buildApp({ config, db, webDist: '/nonexistent-web-dist' });
    try {
      const root = await listen(app);
      expect((await get(root, '/health')).status).toBe(200);
      await db.destroy();
      const res = await get(root, '/health');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toMatchObject({ status: 'database unavailable' });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
