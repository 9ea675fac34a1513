import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';

const huge = 'x'.repeat(200_000);
const bodies: { name: string; payload?: string; contentType?: string }[] = [
  { name: 'no body' },
  { name: 'bad JSON', payload: '{"email": "a@b.c", ', contentType: 'application/json' },
  { name: 'empty JSON', payload: '', contentType: 'application/json' },
  { name: 'JSON null', payload: 'null', contentType: 'application/json' },
  { name: 'JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'plain text', payload: 'username=admin', contentType: 'text/plain' },
  { name: 'form', payload: 'username=admin&password=x', contentType: 'application/x-www-form-urlencoded' },
  { name: 'wrong types', payload: JSON.stringify({ username: 5, email: [1], password: { a: 1 }, newPassword: null, token: true, value: { x: 1 } }), contentType: 'application/json' },
  { name: 'huge strings', payload: JSON.stringify({ username: huge, email: huge, password: huge, newPassword: huge, token: huge, value: huge }), contentType: 'application/json' },
  { name: 'too large', payload: JSON.stringify({ value: 'y'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' },
  { name: 'prototype keys', payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}', contentType: 'application/json' },
];
const paramValues = ['', '%00', '..%2F..%2Fetc%2Fpasswd', huge.slice(0, 5000), '%E0%A4%A', '123456'];

describe('garbage input', () => {
  let t: TestApp;
  let admin: TestUser;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })));
  });
  afterAll(() => t.close());

  it('finds the documented routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
  });

  it('never answers 5xx or a non-error body to bad input on any route, signed in or not', async () => {
    for (const route of routes) {
      for (const param of paramValues) {
        const url = route.url.replace(/\{[^}]+\}/g, param);
        for (const body of bodies) {
          for (const headers of [{}, admin.headers]) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
              payload: body.payload,
            });
            const where = `${route.method} ${url.slice(0, 60)} with ${body.name}`;
            expect(res.statusCode, where).toBeLessThan(500);
            // The OAuth2 token endpoint answers RFC 6749's shape, {error: "invalid_request", error_description}.
            const code = () => (route.url === '/oauth2/token' ? res.json().error : res.json().error?.reason);
            if (res.statusCode >= 400) expect(String(code()), `${where}: ${res.body.slice(0, 200)}`).toMatch(route.url === '/oauth2/token' ? /^[a-z_]+$/ : /^Err/);
          }
        }
      }
    }
  }, 120_000);

  it('answers bad JSON with 400 ErrInvalidJson and unknown routes with 404 ErrNotFound', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('ErrInvalidJson');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.reason).toBe('ErrNotFound');
  });

  it('answers a missing field with ErrFieldRequired naming it and a long one with ErrFieldTooLarge', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'a@example.com' } });
    expect(missing.json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'password' } });
    const long = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: huge, password: 'x' } });
    expect(long.json().error).toMatchObject({ code: 'ErrFieldTooLarge', metadata: { field: 'email', max: 255 } });
  });
});
