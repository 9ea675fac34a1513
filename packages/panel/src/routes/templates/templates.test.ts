import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { TEMPLATE_REPOSITORY_SETTING } from '../../services/templateSources.js';

describe('/api/templates', () => {
  let t: TestApp;
  let editor: TestUser;
  let viewer: TestUser;
  let repository: Server;
  let repositoryUrl: string;
  let repositoryHits = 0;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await createSignedInUser(t.app, [Scopes.TemplatesView, Scopes.TemplatesEdit]);
    viewer = await createSignedInUser(t.app, [Scopes.TemplatesView]);
    // A template repository of its own: index.json plus one template, and one the index lists but lacks.
    repository = createServer((req, res) => {
      repositoryHits++;
      const files: Record<string, unknown> = {
        '/repo/index.json': ['remote-echo', { id: 'ghost' }],
        '/repo/remote-echo.json': { display: 'Remote echo', type: 'echo', run: { command: 'echo hi' } },
      };
      const body = files[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ? JSON.stringify(body) : '{}');
    });
    await new Promise<void>((resolve) => repository.listen(0, '127.0.0.1', resolve));
    repositoryUrl = `http://127.0.0.1:${(repository.address() as AddressInfo).port}/repo/`;
    // The repository is on loopback, which the panel fetches from only when allowed.
    await t.app.panel.repo.settings.setMany({ [SettingKeys.allowPrivateTargets]: '127.0.0.0/8,::1/128' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => repository.close(resolve));
  });

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: TestUser | null = editor, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('lists the shipped templates as importable and imports one, overwriting on a second import', async () => {
    const importable = (await req('POST', '/api/templates/import')).json();
    expect(importable).toEqual(expect.arrayContaining(['nodejs', 'paper', 'python']));
    expect(importable).not.toContain('index');
    expect((await req('POST', '/api/templates/import/nodejs')).statusCode).toBe(204);
    expect((await req('GET', '/api/templates', viewer)).json()).toEqual([{ id: 'nodejs', name: 'nodejs', display: 'Node.js application', type: 'nodejs' }]);
    const saved = (await req('GET', '/api/templates/nodejs', viewer)).json();
    expect(saved.run.command).toContain('node');
    await req('PUT', '/api/templates/nodejs', editor, { ...saved, display: 'Mine' });
    expect((await req('POST', '/api/templates/import/nodejs')).statusCode).toBe(204);
    expect((await req('GET', '/api/templates/nodejs', viewer)).json().display).toBe('Node.js application');
    const unknown = await req('POST', '/api/templates/import/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'ErrNoTemplate', metadata: { name: 'nope' } });
  });

  it('refuses a configured repository on a private address the settings do not allow, without connecting', async () => {
    await t.app.panel.repo.settings.setMany({ [TEMPLATE_REPOSITORY_SETTING]: repositoryUrl, [SettingKeys.allowPrivateTargets]: '' });
    const before = repositoryHits;
    try {
      const answer = await req('POST', '/api/templates/import');
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 'ErrFieldIsInvalidHost', reason: 'ErrPrivateTarget', metadata: { address: '127.0.0.1' } });
      expect((await req('POST', '/api/templates/import/remote-echo')).json().error.reason).toBe('ErrPrivateTarget');
      expect(repositoryHits).toBe(before);
    } finally {
      await t.app.panel.repo.settings.setMany({ [TEMPLATE_REPOSITORY_SETTING]: '', [SettingKeys.allowPrivateTargets]: '127.0.0.0/8,::1/128' });
    }
  });

  it('adds the configured repository to the importable list and imports from it', async () => {
    await t.app.panel.repo.settings.setMany({ [TEMPLATE_REPOSITORY_SETTING]: repositoryUrl });
    try {
      const importable = (await req('POST', '/api/templates/import')).json();
      expect(importable).toEqual(expect.arrayContaining(['remote-echo', 'ghost', 'nodejs']));
      expect((await req('POST', '/api/templates/import/remote-echo')).statusCode).toBe(204);
      expect((await req('GET', '/api/templates/remote-echo', viewer)).json()).toMatchObject({ id: 'remote-echo', display: 'Remote echo' });
      expect((await req('POST', '/api/templates/import/ghost')).json().error.code).toBe('ErrNoTemplate');
    } finally {
      await t.app.panel.repo.settings.setMany({ [TEMPLATE_REPOSITORY_SETTING]: '' });
    }
  });

  it('saves, reads and deletes a template; bad JSON or an invalid definition is 400 ErrInvalidJson', async () => {
    expect((await req('PUT', '/api/templates/mine', editor, { display: 'Mine', run: { command: 'echo hi' } })).statusCode).toBe(204);
    expect((await req('GET', '/api/templates/mine', viewer)).json()).toMatchObject({ id: 'mine', display: 'Mine' });
    const badJson = await t.app.inject({ method: 'PUT', url: '/api/templates/mine', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: '{"run":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('ErrInvalidJson');
    const invalid = await req('PUT', '/api/templates/mine', editor, { run: { command: 5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('ErrInvalidJson');
    expect((await req('DELETE', '/api/templates/mine')).statusCode).toBe(204);
    expect((await req('GET', '/api/templates/mine', viewer)).json().error.code).toBe('ErrNoTemplate');
  });

  // A template save answers every refusal of its definition as ErrInvalidJson (spec), the rule under reason.
  it('refuses a docker port binding whose host is no IP address with 400, ErrFieldIsInvalidIP naming the field, and keeps nothing', async () => {
    const save = (host: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/templates/ports',
        headers: { ...editor.headers, 'content-type': 'application/json' },
        payload: `{"run":{"command":"echo hi"},"environment":{"type":"docker","portBindings":["${host}:25565:25565/tcp"]}}`,
      });
    const refused = await save('game.example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'ErrInvalidJson', metadata: { reason: 'ErrFieldIsInvalidIP', field: 'environment.portBindings', value: 'game.example.com:25565:25565/tcp' } });
    expect((await req('GET', '/api/templates/ports', viewer)).json().error.code).toBe('ErrNoTemplate');
    expect((await save('{ip}')).statusCode).toBe(204);
    expect((await save('203.0.113.7')).statusCode).toBe(204);
  });

  it('answers 401 without a session and 403 without the scope', async () => {
    expect((await req('GET', '/api/templates', null)).statusCode).toBe(401);
    expect((await req('PUT', '/api/templates/x', viewer, { run: { command: 'x' } })).statusCode).toBe(403);
    expect((await req('POST', '/api/templates/import', viewer)).json().error.code).toBe('ErrMissingScope');
  });
});
