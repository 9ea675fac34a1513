import type { AddressInfo } from 'node:net';
import { readTar, Scopes, SettingKeys, ThemeManifest } from '@outpost/shared';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

// Themes as a client of the spec fetches them (panel.md sections 3 and 7): raw HTTP, no session needed.
describe('GET /theme/{name}.tar', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('lists at least three themes in /api/config, and serves each as a tar of 512-byte blocks with theme.json, theme.css and assets', async () => {
    const config = await (await fetch(`${root}/api/config`)).json();
    expect(config.themes.available.length).toBeGreaterThanOrEqual(3);
    expect(config.themes.active).toBe('outpost');
    for (const name of config.themes.available as string[]) {
      const res = await fetch(`${root}/theme/${name}.tar`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-tar');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length % 512).toBe(0);
      const files = readTar(bytes);
      const paths = files.map((f) => f.path);
      expect(paths.slice(0, 2)).toEqual(['theme.json', 'theme.css']);
      expect(paths.some((p) => p.startsWith('assets/'))).toBe(true);
      const manifest = JSON.parse(new TextDecoder().decode(files[0].content));
      expect(Value.Check(ThemeManifest, manifest)).toBe(true);
      expect(Object.keys(manifest.colors.light).length).toBeGreaterThan(0);
      expect(manifest.colors.dark.primary).not.toBe(manifest.colors.light.primary);
    }
  });

  it('answers 404 ErrNotFound as JSON, never the web page, for a theme that does not ship or a path that climbs', async () => {
    for (const file of ['nope.tar', 'outpost', '..%2Foutpost.tar', '%2E%2E.tar']) {
      const res = await fetch(`${root}/theme/${file}`);
      expect(res.status, file).toBe(404);
      expect((await res.json()).error.reason).toBe('ErrNotFound');
    }
  });

  it('the default theme setting decides the theme of users without a choice of their own', async () => {
    const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const res = await fetch(`${root}/api/settings/${SettingKeys.defaultTheme}`, { method: 'PUT', headers: { ...admin.headers, 'content-type': 'application/json' }, body: JSON.stringify({ value: 'forest' }) });
    expect(res.status).toBe(204);
    expect((await (await fetch(`${root}/api/config`)).json()).themes.active).toBe('forest');
  });
});
