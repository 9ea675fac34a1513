import { Scopes } from '@outpost/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopesForServer } from '../services/policy.js';
import { createSignedInUser, createTestApp, type TestApp } from '../test/factories.js';
import { registerScopes } from './scopes.js';

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
    await app.close();
  });

  it('grants an administrator every per-server scope and others only what they hold for that server', async () => {
    const admin = await createSignedInUser(t.app, [Scopes.Admin]);
    const user = await createSignedInUser(t.app);
    await t.app.panel.repo.permissions.replace(user.id, 'abcd1234', [Scopes.ServersView, Scopes.ServersStart]);
    const adminHeld = await scopesForServer(t.app.panel.repo, admin.id, 'abcd1234');
    expect(adminHeld).toEqual(expect.arrayContaining([Scopes.Admin, Scopes.ServersStart, Scopes.ServersFilesPut]));
    expect((await scopesForServer(t.app.panel.repo, user.id, 'abcd1234')).sort()).toEqual([Scopes.ServersStart, Scopes.ServersView]);
    expect(await scopesForServer(t.app.panel.repo, user.id, 'ffff0000')).toEqual([]);
  });

  it('checks a per-server scope against the server in the route', async () => {
    const app = Fastify();
    app.decorate('panel', t.app.panel);
    registerScopes(app);
    app.setErrorHandler((error: { status?: number }, _request, reply) => reply.code(error.status ?? 500).send({ status: error.status }));
    app.post('/servers/:id/start', { config: { scope: Scopes.ServersStart } }, async () => ({ started: true }));
    const user = await createSignedInUser(t.app);
    await t.app.panel.repo.permissions.replace(user.id, 'abcd1234', [Scopes.ServersView, Scopes.ServersStart]);
    expect((await app.inject({ method: 'POST', url: '/servers/abcd1234/start', headers: user.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/servers/ffff0000/start', headers: user.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/servers/abcd1234/start' })).statusCode).toBe(401);
    await app.close();
  });
});
