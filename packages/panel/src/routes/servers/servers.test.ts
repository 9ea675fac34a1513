import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, echoDefinition, type NodeTestApp } from '../../test/serverFixtures.js';
import { saveTemplate } from '../../services/saveTemplate.js';

describe('/api/servers', () => {
  let t: NodeTestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    creator = await createSignedInUser(t.app, [Scopes.ServersCreate, Scopes.ServersView]);
    await saveTemplate(t.app.panel.repo, 'echo', echoDefinition);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>, headers: Record<string, string> = creator.headers) =>
    t.app.inject({ method: 'POST', url: '/api/servers', headers, payload: { node: t.localNodeId, environment: { type: 'standard' }, ...payload } });

  it('creates a server from a template on its node and gives the creator every permission on it', async () => {
    const res = await create({ name: 'Echo one', template: 'echo', variables: { motd: 'hello' } });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(t.node.daemon.servers.getData(id).motd.value).toBe('hello');
    const detail = await t.app.inject({ method: 'GET', url: `/api/servers/${id}?perms`, headers: creator.headers });
    expect(detail.json()).toMatchObject({
      server: { id, name: 'Echo one', type: 'test', node: { id: t.localNodeId, name: 'LocalNode' } },
      permissions: { startServer: true, putServerFiles: true, deleteServer: true, admin: false },
    });
    const plain = await t.app.inject({ method: 'GET', url: `/api/servers/${id}`, headers: creator.headers });
    expect(plain.json().permissions).toBeUndefined();
  });

  it('starts the install at once when asked, so its lines are in the console the new page opens on', async () => {
    const res = await create({ name: 'Installed at once', template: 'echo', install: true });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    await vi.waitFor(async () => {
      const replay = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${id}/console`, headers: creator.headers });
      expect(replay.json().logs.join('')).toContain('Server installed');
    }, 10_000);
    const plain = await create({ name: 'Not installed', template: 'echo' });
    const replay = await t.app.inject({ method: 'GET', url: `/proxy/daemon/server/${plain.json().id}/console`, headers: creator.headers });
    expect(replay.json().logs.join('')).not.toContain('Installing');
    for (const made of [id, plain.json().id]) await t.app.inject({ method: 'DELETE', url: `/api/servers/${made}`, headers: creator.headers });
  });

  it('refuses a duplicate name with 409, and bad names, nodes, templates and environments with codes', async () => {
    const dup = await create({ name: 'Echo one', template: 'echo' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('ErrDuplicateServerName');
    expect((await create({ name: '', template: 'echo' })).json().error.code).toBe('ErrFieldRequired');
    const printable = await create({ name: 'bad/name?', template: 'echo' });
    expect(printable.statusCode).toBe(400);
    expect(printable.json().error.code).toBe('ErrFieldMustBePrintable');
    const noTemplate = await create({ name: 'x1', template: 'nope' });
    expect(noTemplate.json().error).toMatchObject({ code: 'ErrNoTemplate', metadata: { name: 'nope' } });
    expect((await create({ name: 'x2', template: 'echo', environment: { type: 'docker' } })).json().error.code).toBe('ErrFieldRequired');
    expect((await create({ name: 'x3', template: 'echo', node: 999 })).statusCode).toBe(404);
    expect((await create({ name: 'x4', template: 'echo', variables: { secret: 'changed' } })).json().error.code).toBe('ErrNoPermission');
    expect((await create({ name: 'x5' })).statusCode).toBe(400);
  });

  it('refuses variable values that do not fit their type or could be read as an option, creating nothing', async () => {
    await saveTemplate(t.app.panel.repo, 'runs-main', {
      ...echoDefinition,
      run: { command: 'node "${main}" ${port}', stopCode: 15 },
      data: { main: { type: 'string', value: 'index.js' }, port: { type: 'integer', value: 1 } },
    });
    const before = t.node.daemon.servers.list().length;
    for (const variables of [{ main: '--eval=process.exit(3)' }, { main: 'a\nb' }, { port: '1 --eval=x' }]) {
      const res = await create({ name: 'runs main', template: 'runs-main', variables });
      expect(res.statusCode, JSON.stringify(variables)).toBe(400);
      expect(res.json().error.reason).toBe('ErrInvalidVariable');
      expect(res.json().error.metadata).toMatchObject({ field: Object.keys(variables)[0] });
    }
    expect(t.node.daemon.servers.list()).toHaveLength(before);
    // Quotes are data: the value is one file name for node, so it is fine to save.
    const quoted = await create({ name: 'runs main', template: 'runs-main', variables: { main: 'x" -e "process.exit(3)' } });
    expect(quoted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${quoted.json().id}`, headers: t.admin.headers })).statusCode).toBe(204);
  });

  it('lets only admins create from a whole definition, and answers ErrInvalidJson for a bad one', async () => {
    expect((await create({ name: 'custom', template: echoDefinition })).statusCode).toBe(403);
    const bad = await create({ name: 'custom', template: { run: 'nope' } }, t.admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('ErrInvalidJson');
    expect((await create({ name: 'custom', template: echoDefinition }, t.admin.headers)).statusCode).toBe(200);
  });

  it('lists every server to admins and only held servers to others, paged', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/servers?limit=1', headers: t.admin.headers });
    expect(all.json().paging).toEqual({ page: 1, limit: 1, total: 2 });
    expect(all.json().servers).toHaveLength(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/servers', headers: creator.headers });
    expect(mine.json().servers.map((s: { name: string }) => s.name)).toEqual(['Echo one']);
    expect(mine.json().paging).toEqual({ page: 1, limit: 10, total: 1 });
    const nobody = await createSignedInUser(t.app, []);
    expect((await t.app.inject({ method: 'GET', url: '/api/servers', headers: nobody.headers })).json().paging.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/servers?limit=0', headers: nobody.headers })).statusCode).toBe(400);
  });

  it('answers 400 with a field code, never 500, to a page or limit out of bounds or not a number', async () => {
    const cases: [string, string, string][] = [
      ['page=99999999999999999999', 'ErrFieldTooLarge', 'page'],
      ['page=1000001', 'ErrFieldTooLarge', 'page'],
      ['page=1e300', 'ErrFieldTooLarge', 'page'],
      ['limit=99999999999999999999', 'ErrFieldTooLarge', 'limit'],
      ['limit=101', 'ErrFieldTooLarge', 'limit'],
      ['page=0', 'ErrFieldTooSmall', 'page'],
      ['page=-5', 'ErrFieldTooSmall', 'page'],
      ['limit=-1', 'ErrFieldTooSmall', 'limit'],
      ['page=1.5', 'ErrFieldRequired', 'page'],
      ['page=abc', 'ErrFieldRequired', 'page'],
      ['limit=NaN', 'ErrFieldRequired', 'limit'],
      // Past a double's range the number reads as Infinity, which the schema's bounds let through.
      ['page=1e309', 'ErrFieldNotBetween', 'page'],
      ['page=-1e309', 'ErrFieldNotBetween', 'page'],
      [`page=${'9'.repeat(400)}`, 'ErrFieldNotBetween', 'page'],
      ['limit=1e309', 'ErrFieldNotBetween', 'limit'],
      [`limit=${'4'.repeat(400)}`, 'ErrFieldNotBetween', 'limit'],
      ['node=1e309', 'ErrFieldNotBetween', 'node'],
    ];
    for (const [query, code, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/servers?${query}`, headers: t.admin.headers });
      expect({ query, status: res.statusCode, code: res.json().error?.code, field: res.json().error?.metadata?.field }).toEqual({ query, status: 400, code, field });
    }
    // The largest page allowed answers an empty page.
    const last = await t.app.inject({ method: 'GET', url: '/api/servers?page=1000000&limit=100', headers: t.admin.headers });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ servers: [], paging: { page: 1000000, limit: 100 } });
  });

  it('renames in the panel and in the definition on the node with editServerData, refusing duplicates and users without it', async () => {
    const id = await createTestServer(t.app, t.admin, t.localNodeId, 'rename me');
    const editor = await createServerUser(t.app, id, { editServerData: true });
    const viewer = await createServerUser(t.app, id, { viewServerConsole: true });
    expect((await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/name/renamed`, headers: viewer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/name/renamed`, headers: editor.headers })).statusCode).toBe(204);
    expect((await t.app.panel.repo.servers.byId(id))?.name).toBe('renamed');
    // The definition on the node is renamed too, without the editor holding the definition scope.
    expect(t.node.daemon.servers.get(id).definition.name).toBe('renamed');
    expect(await t.node.daemon.api.getDefinition({ user: 'test', scopes: [Scopes.ServersAdmin] }, id)).toMatchObject({ name: 'renamed' });
    const dup = await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/name/custom`, headers: editor.headers });
    expect(dup.json().error.code).toBe('ErrDuplicateServerName');
    expect((await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/name/${encodeURIComponent('a<b')}`, headers: editor.headers })).statusCode).toBe(400);
  });

  it('deletes a server on its node and in the panel, for holders of deleteServer only', async () => {
    const id = await createTestServer(t.app, t.admin, t.localNodeId, 'delete me');
    const holder = await createServerUser(t.app, id, { deleteServer: true });
    const other = await createServerUser(t.app, id, { startServer: true });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}`, headers: holder.headers })).statusCode).toBe(204);
    expect(await t.app.panel.repo.servers.byId(id)).toBeUndefined();
    expect(await t.app.panel.repo.permissions.usersOfServer(id)).toEqual([]);
    expect(() => t.node.daemon.servers.get(id)).toThrow();
  });

  it('answers 401 without a session and 403 without servers.create', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/servers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/servers', payload: {} })).statusCode).toBe(401);
    const plain = await createSignedInUser(t.app, [Scopes.ServersView]);
    const res = await create({ name: 'not allowed', template: 'echo' }, plain.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ErrMissingScope');
    expect((await t.app.inject({ method: 'GET', url: '/api/servers/0000abcd', headers: plain.headers })).statusCode).toBe(403);
  });

  it('answers 502 ErrNodeUnreachable when the node is down', async () => {
    t.app.panel.nodes.attachLocal(undefined);
    try {
      const res = await create({ name: 'no node', template: 'echo' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.reason).toBe('ErrNodeUnreachable');
    } finally {
      t.app.panel.nodes.attachLocal(t.node.daemon.api);
    }
  });
});
