import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Scopes, SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

async function listen(server: Server, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

describe('/api/template-repositories', () => {
  let t: TestApp;
  let admin: TestUser;
  let templater: TestUser;
  let settingsOnly: TestUser;
  let repository: Server;
  let repositoryUrl: string;
  let slow: Server;
  let slowUrl: string;
  const hanging: ServerResponse[] = [];
  /** The version of remote-echo the repository serves now. */
  let echoDisplay = 'Remote echo';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.SettingsEdit, Scopes.TemplatesView, Scopes.TemplatesEdit]);
    templater = await createSignedInUser(t.app, [Scopes.TemplatesView, Scopes.TemplatesEdit]);
    settingsOnly = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
    // The test repositories are on loopback, which the panel fetches from only when allowed.
    await allowPrivate('127.0.0.0/8,::1/128');
    // A repository in the shipped folder's format: index.json (ids or {id}) and <id>.json.
    repository = createServer((req, res) => {
      const files: Record<string, unknown> = {
        '/repo/index.json': ['remote-echo', { id: 'remote-sleep' }, { id: 'broken' }, 'ghost', 'old-style'],
        '/repo/remote-echo.json': { display: echoDisplay, type: 'echo', run: { command: 'echo hi' } },
        '/repo/remote-sleep.json': { display: 'Remote sleep', run: { command: 'sleep 100' } },
        '/repo/broken.json': { display: 'Broken', run: { command: 5 } },
        // A version-1 template, as older repositories still publish them.
        '/repo/old-style.json': { pufferd: { type: 'java', display: 'Old style', run: { program: 'java', arguments: ['-jar', 'server.jar'], stop: 'stop' }, data: {}, environment: { type: 'system' } } },
      };
      const body = files[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ? JSON.stringify(body) : '{}');
    });
    repositoryUrl = `${await listen(repository)}/repo`;
    // Takes the request and never answers.
    slow = createServer((_req, res) => void hanging.push(res));
    slowUrl = await listen(slow);
  });
  afterAll(async () => {
    await t.close();
    for (const res of hanging) res.destroy();
    slow.closeAllConnections();
    await new Promise((resolve) => repository.close(resolve));
    await new Promise((resolve) => slow.close(resolve));
  });

  const allowPrivate = (ranges: string) => t.app.panel.repo.settings.setMany({ [SettingKeys.allowPrivateTargets]: ranges });

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null = admin, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('lists the shipped repository, adds one by URL, refuses a duplicate, and removes it again', async () => {
    expect((await req('GET', '/api/template-repositories')).json()).toEqual([{ id: 'shipped', url: '', shipped: true }]);
    const added = await req('POST', '/api/template-repositories', admin, { url: `${repositoryUrl}/` });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ url: repositoryUrl, shipped: false });
    const again = await req('POST', '/api/template-repositories', admin, { url: repositoryUrl });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('ErrAlreadyExists');
    expect((await req('GET', '/api/template-repositories', templater)).json().map((r: { url: string }) => r.url)).toEqual(['', repositoryUrl]);
    expect((await req('DELETE', `/api/template-repositories/${added.json().id}`)).statusCode).toBe(204);
    expect((await req('GET', '/api/template-repositories')).json()).toHaveLength(1);
    expect((await req('DELETE', `/api/template-repositories/${added.json().id}`)).statusCode).toBe(404);
    expect((await req('DELETE', '/api/template-repositories/shipped')).json().error.code).toBe('ErrNoPermission');
  });

  it('refuses what is not an http(s) URL with ErrFieldIsInvalidHost', async () => {
    for (const url of ['ftp://example.com/templates', 'file:///etc', 'not a url', 'javascript:alert(1)', 'http://user:pw@example.com/t']) {
      const answer = await req('POST', '/api/template-repositories', admin, { url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 'ErrFieldIsInvalidHost', metadata: { field: 'url' } });
    }
    expect((await req('GET', '/api/template-repositories')).json()).toHaveLength(1);
  });

  it('lists what a repository offers marked against the installed templates, and imports from it', async () => {
    const { id } = (await req('POST', '/api/template-repositories', admin, { url: repositoryUrl })).json();
    try {
      const offered = async () => (await req('GET', `/api/template-repositories/${id}/templates`, templater)).json();
      // "ghost" is in the index but has no file: left out.
      expect(await offered()).toEqual([
        { id: 'broken', display: 'Broken', status: 'invalid' },
        { id: 'old-style', display: 'Old style', status: 'new', version1: true },
        { id: 'remote-echo', display: 'Remote echo', status: 'new' },
        { id: 'remote-sleep', display: 'Remote sleep', status: 'new' },
      ]);
      expect((await req('POST', `/api/template-repositories/${id}/import/remote-echo`, templater)).statusCode).toBe(204);
      expect((await req('GET', '/api/templates/remote-echo', templater)).json()).toMatchObject({ id: 'remote-echo', display: 'Remote echo' });
      expect((await offered()).find((entry: { id: string }) => entry.id === 'remote-echo').status).toBe('installed');

      // The repository publishes a changed version: newer available, until imported again.
      echoDisplay = 'Remote echo 2';
      expect((await offered()).find((entry: { id: string }) => entry.id === 'remote-echo').status).toBe('newer');
      expect((await req('POST', `/api/template-repositories/${id}/import/remote-echo`, templater)).statusCode).toBe(204);
      expect((await req('GET', '/api/templates/remote-echo', templater)).json().display).toBe('Remote echo 2');
      expect((await offered()).find((entry: { id: string }) => entry.id === 'remote-echo').status).toBe('installed');

      // A version-1 template is converted only when the import asks for it.
      const silent = await req('POST', `/api/template-repositories/${id}/import/old-style`, templater);
      expect([silent.statusCode, silent.json().error.reason]).toEqual([409, 'ErrTemplateVersion1']);
      expect((await req('GET', '/api/templates/old-style', templater)).statusCode).toBe(404);
      expect((await req('POST', `/api/template-repositories/${id}/import/old-style?convert=true`, templater)).statusCode).toBe(204);
      expect((await req('GET', '/api/templates/old-style', templater)).json()).toMatchObject({ display: 'Old style', run: { command: ['java', '-jar', 'server.jar'] } });

      expect((await req('POST', `/api/template-repositories/${id}/import/broken`, templater)).json().error.code).toBe('ErrInvalidJson');
      expect((await req('POST', `/api/template-repositories/${id}/import/ghost`, templater)).json().error.code).toBe('ErrNoTemplate');
    } finally {
      await req('DELETE', `/api/template-repositories/${id}`);
    }
  });

  it('lists and imports the shipped templates the same way', async () => {
    const shipped = (await req('GET', '/api/template-repositories/shipped/templates', templater)).json();
    expect(shipped.map((entry: { id: string }) => entry.id)).toEqual(expect.arrayContaining(['nodejs', 'paper', 'python']));
    expect((await req('POST', '/api/template-repositories/shipped/import/python', templater)).statusCode).toBe(204);
    expect((await req('GET', '/api/template-repositories/shipped/templates', templater)).json()).toContainEqual(expect.objectContaining({ id: 'python', status: 'installed' }));
  });

  it('answers ErrServiceNotAvailable with the URL for a repository that cannot be reached', async () => {
    const closed = createServer();
    const closedUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const { id } = (await req('POST', '/api/template-repositories', admin, { url: closedUrl })).json();
    try {
      const answer = await req('GET', `/api/template-repositories/${id}/templates`, templater);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({ code: 'ErrServiceNotAvailable', metadata: { url: closedUrl } });
    } finally {
      await req('DELETE', `/api/template-repositories/${id}`);
    }
  });

  it('gives up on a repository that does not answer, with ErrServiceNotAvailable', { timeout: 20_000 }, async () => {
    const { id } = (await req('POST', '/api/template-repositories', admin, { url: slowUrl })).json();
    try {
      const answer = await req('GET', `/api/template-repositories/${id}/templates`, templater);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({ code: 'ErrServiceNotAvailable', metadata: { url: slowUrl } });
      expect(answer.json().error.msg).toMatch(/did not answer within 5 s/);
    } finally {
      await req('DELETE', `/api/template-repositories/${id}`);
    }
  });

  describe('on private addresses', () => {
    /** Servers standing for private targets (10.x, 169.254.169.254): each counts the requests it got. */
    const opened: Server[] = [];
    const serve = async (host: string, handler: (url: string, res: ServerResponse) => void) => {
      const state = { hits: 0, url: '' };
      const server = createServer((req, res) => {
        state.hits++;
        handler(req.url ?? '', res);
      });
      opened.push(server);
      state.url = await listen(server, host);
      return state;
    };
    afterAll(async () => {
      for (const server of opened) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await allowPrivate('127.0.0.0/8,::1/128');
    });
    const withRepository = async (url: string, run: (id: string) => Promise<void>) => {
      const { id } = (await req('POST', '/api/template-repositories', admin, { url })).json();
      try {
        await run(id);
      } finally {
        await req('DELETE', `/api/template-repositories/${id}`);
      }
    };

    it('refuses a repository on a private address unless an admin allows its range, without connecting', async () => {
      const decoy = await serve('127.0.0.1', (_url, res) => res.end(JSON.stringify(['secret'])));
      await allowPrivate('');
      await withRepository(decoy.url, async (id) => {
        const listing = await req('GET', `/api/template-repositories/${id}/templates`, templater);
        expect(listing.statusCode).toBe(400);
        expect(listing.json().error).toMatchObject({ code: 'ErrFieldIsInvalidHost', reason: 'ErrPrivateTarget', metadata: { url: decoy.url, address: '127.0.0.1' } });
        expect(listing.json().error.msg).toContain(SettingKeys.allowPrivateTargets);
        expect((await req('POST', `/api/template-repositories/${id}/import/secret`, templater)).json().error.reason).toBe('ErrPrivateTarget');
        expect(decoy.hits).toBe(0);
        // Allowed in the settings: fetched at once.
        await allowPrivate('127.0.0.1/32');
        expect((await req('GET', `/api/template-repositories/${id}/templates`, templater)).statusCode).toBe(200);
        expect(decoy.hits).toBeGreaterThan(0);
      });
    });

    it('refuses a redirect to a refused address, without reaching it', async () => {
      const decoy = await serve('127.0.0.2', (_url, res) => res.end('{}'));
      const start = await serve('127.0.0.1', (_url, res) => res.writeHead(302, { location: `${decoy.url}/latest/meta-data/index.json` }).end());
      await allowPrivate('127.0.0.1/32');
      await withRepository(start.url, async (id) => {
        const listing = await req('GET', `/api/template-repositories/${id}/templates`, templater);
        expect(listing.statusCode).toBe(400);
        expect(listing.json().error).toMatchObject({ reason: 'ErrPrivateTarget', metadata: { address: '127.0.0.2' } });
        expect(start.hits).toBe(1);
        expect(decoy.hits).toBe(0);
      });
    });

    it('cuts an endless answer at the byte limit, and the panel keeps answering', async () => {
      let written = 0;
      const endless = await serve('127.0.0.1', (_url, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        const chunk = Buffer.from(`${'"remote-echo",'.repeat(4096)}`);
        const more = (): void => {
          while (!res.destroyed && res.write(chunk)) written += chunk.length;
          if (!res.destroyed) res.once('drain', more);
        };
        more();
      });
      await allowPrivate('127.0.0.1/32');
      await withRepository(endless.url, async (id) => {
        const listing = await req('GET', `/api/template-repositories/${id}/templates`, templater);
        expect(listing.statusCode).toBe(503);
        expect(listing.json().error).toMatchObject({ code: 'ErrServiceNotAvailable', metadata: { url: endless.url, file: 'index.json' } });
        expect(listing.json().error.msg).toMatch(/sent more than a template repository holds \(1 MiB a file, 32 MiB a listing\) for index.json/);
        // Reading stopped near the limit (1 MiB), far from what an unbounded read would take.
        expect(written).toBeLessThan(64 * 1024 * 1024);
        expect((await req('GET', '/api/template-repositories')).statusCode).toBe(200);
      });
    });
  });

  it('checks scopes: settings.edit changes the list, templates.edit reads and imports', async () => {
    expect((await req('GET', '/api/template-repositories', null)).statusCode).toBe(401);
    expect((await req('POST', '/api/template-repositories', templater, { url: repositoryUrl })).statusCode).toBe(403);
    expect((await req('DELETE', '/api/template-repositories/1', templater)).statusCode).toBe(403);
    expect((await req('GET', '/api/template-repositories', settingsOnly)).statusCode).toBe(200);
    expect((await req('GET', '/api/template-repositories/shipped/templates', settingsOnly)).statusCode).toBe(403);
    expect((await req('POST', '/api/template-repositories/shipped/import/python', settingsOnly)).statusCode).toBe(403);
  });
});
