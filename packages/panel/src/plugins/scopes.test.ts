import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scopes, isScopeNeed, serverActionScopes } from '@outpost/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/openDatabase.js';
import { routeAreas } from '../routes/index.js';
import { scopesForServer } from '../services/policy/policy.js';
import { createSignedInUser, createTestApp, type TestApp } from '../test/factories.js';
import { createTestDatabase } from '../test/testDatabase.js';
import { registerScopes } from './scopes.js';

/** Builds the real app with one more route area; answers the error it refused to start with. */
async function startWithExtraArea(area: (app: FastifyInstance) => Promise<void>): Promise<Error | undefined> {
  const database = await createTestDatabase('sqlite');
  const db = openDatabase(database.config);
  routeAreas.push(area);
  try {
    const config = { port: 0, host: '127.0.0.1', dataDir: tmpdir(), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 };
    const app = await buildApp({ config, db, webDist: '/nonexistent-web-dist' });
    await app.close();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    routeAreas.splice(routeAreas.indexOf(area), 1);
    await db.destroy();
    await database.drop();
  }
}

describe('the route table', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // With a built web app, so its files' routes are walked too.
    dist = mkdtempSync(join(tmpdir(), 'outpost-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Outpost</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has every route of the real app declare a scope, session or public', () => {
    const seen = t.app.routeScopes;
    expect(seen.length).toBeGreaterThan(60);
    for (const route of seen) {
      const where = `${route.method} ${route.url}`;
      expect(route.scope === 'public' || route.scope === 'session' || isScopeNeed(route.scope), where).toBe(true);
      // Every recorded route is really served.
      expect(t.app.hasRoute({ method: route.method as 'GET', url: route.url }), where).toBe(true);
    }
    // Routes of plugins registered first (the OpenAPI page, the web app's files) were checked too.
    const urls = new Set(seen.map((route) => route.url));
    for (const url of ['/swagger/json', '/assets/app.js', '/index.html', '/swagger/index.html']) expect(urls, url).toContain(url);
    // Only the OpenAPI page and the web app are public besides the calls that must be (login and the like).
    const publicUrls = seen.filter((route) => route.scope === 'public').map((route) => route.url);
    expect(publicUrls.filter((url) => url.startsWith('/proxy') || url.startsWith('/api/servers'))).toEqual([]);
  });

  it('has checked every route the OpenAPI document lists, a record kept apart from ours', () => {
    const shape = (url: string) => url.replace(/\{[^}]*\}|:[^/]+|\*/g, '{}');
    const seen = new Set(t.app.routeScopes.map((route) => `${route.method} ${shape(route.url)}`));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${shape(url)}`));
    expect(documented.length).toBeGreaterThan(30);
    for (const route of documented) expect(seen, route).toContain(route);
  });

  it('gives the server actions the scopes of the one table', () => {
    const scopeOf = (method: string, url: string) => t.app.routeScopes.find((route) => route.method === method && route.url === url)?.scope;
    expect(scopeOf('POST', '/proxy/daemon/server/:id/restart')).toEqual(serverActionScopes.restart);
    expect(scopeOf('DELETE', '/api/servers/:id')).toEqual(serverActionScopes.delete);
    expect(scopeOf('GET', '/proxy/daemon/socket/:id')).toEqual(serverActionScopes.connect);
    expect(scopeOf('DELETE', '/proxy/daemon/server/:id/file/*')).toEqual(serverActionScopes.fileDelete);
    expect(scopeOf('POST', '/api/servers/:id/flags')).toEqual(serverActionScopes.flagsEdit);
    expect(scopeOf('GET', '/api/servers/:id/query')).toEqual(serverActionScopes.stats);
  });

  it("serves every call on a server at PufferPanel 3's path too, with the spec path's scope", () => {
    const scopes = new Map(t.app.routeScopes.map((route) => [`${route.method} ${route.url}`, route.scope]));
    const spec = t.app.routeScopes.filter((route) => route.url.startsWith('/proxy/daemon/server/:id/'));
    expect(spec.length).toBeGreaterThan(25);
    for (const route of spec) {
      const twin = `${route.method} ${route.url.replace('/proxy/daemon/server/:id/', '/api/servers/:id/')}`;
      expect(scopes.get(twin), twin).toEqual(route.scope);
    }
    expect(scopes.get('GET /api/servers/:id/socket')).toEqual(scopes.get('GET /proxy/daemon/socket/:id'));
    // The bare server path is the server itself at /api (spec), the definition only at /proxy.
    expect(scopes.get('GET /api/servers/:id')).toEqual(serverActionScopes.view);
  });

  it('refuses to start with a route that declares no scope, a scope that does not exist, or a server scope without a server', async () => {
    const none = await startWithExtraArea(async (app) => void app.get('/api/forgotten', async () => 'oops'));
    expect(none?.message).toMatch(/GET \/api\/forgotten declares no scope/);
    const typo = await startWithExtraArea(async (app) => void app.post('/api/typo/:id', { config: { scope: 'server.strat' as never } }, async () => 'oops'));
    expect(typo?.message).toMatch(/POST \/api\/typo\/:id declares no scope/);
    const serverless = await startWithExtraArea(async (app) => void app.post('/api/everywhere/start', { config: { scope: serverActionScopes.start } }, async () => 'oops'));
    expect(serverless?.message).toMatch(/needs a per-server scope but has no :id/);
    // The same area with its scope declared starts: the refusals above are about the scope alone.
    expect(await startWithExtraArea(async (app) => void app.get('/api/remembered', { config: { scope: 'session' } }, async () => 'ok'))).toBeUndefined();
  });
});

describe('scopes plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses to start an app with a route that declares no scope', async () => {
    const app = Fastify();
    registerScopes(app);
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/declares no scope/);
    expect(() => app.get('/api/forgotten', { config: { scope: 'nodes.veiw' as never } }, async () => 'oops')).toThrow(/declares no scope/);
    await app.close();
  });

  it('grants an administrator every per-server scope and others only what they hold for that server', async () => {
    const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const user = await createSignedInUser(t.app);
    await t.app.panel.repo.permissions.replace(user.id, 'abcd1234', [Scopes.ServerView, Scopes.ServerStart]);
    const adminHeld = await scopesForServer(t.app.panel.repo, admin.id, 'abcd1234');
    expect(adminHeld).toEqual(expect.arrayContaining([Scopes.ServersAdmin, Scopes.ServerStart, Scopes.ServerFilesPut]));
    expect((await scopesForServer(t.app.panel.repo, user.id, 'abcd1234')).sort()).toEqual([Scopes.ServerStart, Scopes.ServerView]);
    expect(await scopesForServer(t.app.panel.repo, user.id, 'ffff0000')).toEqual([]);
  });

  it('checks a per-server scope against the server in the route', async () => {
    const app = Fastify();
    app.decorate('panel', t.app.panel);
    registerScopes(app);
    app.setErrorHandler((error: { status?: number }, _request, reply) => reply.code(error.status ?? 500).send({ status: error.status }));
    app.post('/servers/:id/start', { config: { scope: Scopes.ServerStart } }, async () => ({ started: true }));
    const user = await createSignedInUser(t.app);
    await t.app.panel.repo.permissions.replace(user.id, 'abcd1234', [Scopes.ServerView, Scopes.ServerStart]);
    expect((await app.inject({ method: 'POST', url: '/servers/abcd1234/start', headers: user.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/servers/ffff0000/start', headers: user.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/servers/abcd1234/start' })).statusCode).toBe(401);
    await app.close();
  });
});
