import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentOtpCode } from '../services/otpCodes.js';
import { createNodeTestApp, echoDefinition, type NodeTestApp } from '../test/serverFixtures.js';

/**
 * Spec panel.md section 7, call by call, as a third-party client makes them: raw HTTP with a
 * bearer token and the spec's field names, checking method, path, body, answer shape and status.
 */
describe('spec section 7, call by call', () => {
  let t: NodeTestApp;
  let root: string;
  // The state a client carries from call to call.
  let token = '';
  let serverId = '';
  let nodeId = 0;
  const email = 'contract_walker@example.com';
  const password = 'contract password 1';

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (serverId) await call('POST', `/proxy/daemon/server/${serverId}/kill?wait=true`, undefined, t.admin.headers.authorization);
    await t.close();
  });

  async function call(method: string, path: string, body?: unknown, authorization = token ? `Bearer ${token}` : undefined) {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${root}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, type: res.headers.get('content-type') ?? '' };
  }
  const admin = () => t.admin.headers.authorization;

  describe('Auth', () => {
    it('POST /auth/register: username, email, password; returns token and scopes', async () => {
      const res = await call('POST', '/auth/register', { username: 'contract_walker', email, password });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ token: expect.any(String), scopes: [] });
      const self = await call('GET', '/api/self', undefined, `Bearer ${res.json.token}`);
      expect(self.json).toMatchObject({ email });
    });

    it('POST /auth/login: email, password; returns session and scopes', async () => {
      const res = await call('POST', '/auth/login', { email, password });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ session: expect.any(String), scopes: expect.any(Array) });
      token = res.json.session;
    });

    it('POST /auth/reauth: returns a new session', async () => {
      const res = await call('POST', '/auth/reauth');
      expect(res.status).toBe(200);
      expect(res.json.session).toEqual(expect.any(String));
      expect(res.json.session).not.toBe(token);
      token = res.json.session;
    });
  });

  describe('App', () => {
    it('GET /api/config', async () => {
      const res = await call('GET', '/api/config');
      expect(res.status).toBe(200);
      expect(res.json).toEqual(expect.any(Object));
    });
  });

  describe('Self', () => {
    it('GET /api/self', async () => {
      const res = await call('GET', '/api/self');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ username: 'contract_walker', email });
    });

    it('PUT /api/self with username, email, password', async () => {
      const res = await call('PUT', '/api/self', { username: 'contract_walker2', email, password });
      expect(res.status).toBeLessThan(300);
      expect((await call('GET', '/api/self')).json.username).toBe('contract_walker2');
    });

    it('PUT /api/self with password and newPassword', async () => {
      const res = await call('PUT', '/api/self', { password, newPassword: `${password}x` });
      expect(res.status).toBeLessThan(300);
      expect((await call('POST', '/auth/login', { email, password: `${password}x` }, '')).status).toBe(200);
    });

    it('GET, POST, PUT /api/self/otp (GET returns otpEnabled); DELETE /api/self/otp/{token}; POST /auth/otp: token', async () => {
      expect((await call('GET', '/api/self/otp')).json).toEqual({ otpEnabled: false });
      const setup = await call('POST', '/api/self/otp');
      expect(setup.status).toBe(200);
      expect(setup.json).toMatchObject({ secret: expect.any(String) });
      const secret = setup.json.secret as string;
      // A success as before (2xx), now with the ten recovery codes in its body (issue 33).
      const enabled = await call('PUT', '/api/self/otp', { token: currentOtpCode(secret, Date.now() - 30_000) });
      expect(enabled.status).toBe(200);
      expect(enabled.json.recoveryCodes).toHaveLength(10);
      expect((await call('GET', '/api/self/otp')).json).toEqual({ otpEnabled: true, recoveryCodesLeft: 10 });

      const login = await call('POST', '/auth/login', { email, password: `${password}x` }, '');
      expect(login.json).toMatchObject({ otpNeeded: true });
      const done = await call('POST', '/auth/otp', { token: currentOtpCode(secret), ticket: login.json.ticket }, '');
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ session: expect.any(String), scopes: expect.any(Array) });

      // A code already used is refused, so turning it off waits for the next one or uses the one before.
      const off = await call('DELETE', `/api/self/otp/${currentOtpCode(secret, Date.now() + 30_000)}`);
      expect(off.status).toBeLessThan(300);
      expect((await call('GET', '/api/self/otp')).json).toEqual({ otpEnabled: false });
    });
  });

  describe('Settings', () => {
    it('PUT /api/settings/{key} (value); GET /api/settings/{key}; POST /api/settings with a map', async () => {
      expect((await call('PUT', '/api/settings/panel.settings.companyName', { value: 'Contract Co' }, admin())).status).toBe(204);
      const one = await call('GET', '/api/settings/panel.settings.companyName', undefined, admin());
      expect(one.status).toBe(200);
      expect(one.json).toEqual({ value: 'Contract Co' });
      expect((await call('POST', '/api/settings', { 'panel.settings.companyName': 'Contract Two' }, admin())).status).toBe(204);
      expect((await call('GET', '/api/settings/panel.settings.companyName', undefined, admin())).json).toEqual({ value: 'Contract Two' });
      // A user without the settings permission is refused.
      expect((await call('GET', '/api/settings/panel.settings.companyName')).status).toBe(403);
    });

    it('PUT /api/userSettings/{key} with value; GET /api/userSettings returns a list of key/value pairs', async () => {
      expect((await call('PUT', '/api/userSettings/preferredTheme', { value: 'PufferPanel' })).status).toBe(204);
      const res = await call('GET', '/api/userSettings');
      expect(res.status).toBe(200);
      expect(res.json).toContainEqual({ key: 'preferredTheme', value: 'PufferPanel' });
    });
  });

  describe('Nodes', () => {
    it('GET, POST /api/nodes; GET, PUT /api/nodes/{id}; GET /api/nodes/{id}/deployment', async () => {
      const list = await call('GET', '/api/nodes', undefined, admin());
      expect(list.status).toBe(200);
      expect(list.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]));
      nodeId = t.localNodeId;
      const node = { name: 'contract node', publicHost: 'node.example.com', publicPort: 8443, privateHost: '127.0.0.2', privatePort: 8443, sftpPort: 5657 };
      const created = await call('POST', '/api/nodes', node, admin());
      expect(created.status).toBe(200);
      const id = created.json.id as number;
      expect((await call('GET', `/api/nodes/${id}`, undefined, admin())).json).toMatchObject(node);
      expect((await call('PUT', `/api/nodes/${id}`, { ...node, name: 'contract node 2' }, admin())).status).toBe(204);
      const deployment = await call('GET', `/api/nodes/${id}/deployment`, undefined, admin());
      expect(deployment.status).toBe(200);
      expect(deployment.json).toEqual(expect.any(Object));
      expect((await call('DELETE', `/api/nodes/${id}`, undefined, admin())).status).toBe(204);
      expect((await call('GET', `/api/nodes/${id}`, undefined, admin())).status).toBe(404);
    });
  });

  describe('Templates', () => {
    it('POST /api/templates/import lists importable templates; POST /api/templates/import/{name}; GET /api/templates; GET, PUT, DELETE /api/templates/{id}', async () => {
      const importable = await call('POST', '/api/templates/import', undefined, admin());
      expect(importable.status).toBe(200);
      expect(importable.json).toEqual(expect.arrayContaining([expect.any(String)]));
      const imported = await call('POST', `/api/templates/import/${encodeURIComponent(importable.json[0])}`, undefined, admin());
      expect(imported.status).toBeLessThan(300);
      expect((await call('GET', `/api/templates/${encodeURIComponent(importable.json[0])}`, undefined, admin())).status).toBe(200);
      const put = await call('PUT', '/api/templates/contract-echo', { ...echoDefinition, display: 'Contract echo' }, admin());
      expect(put.status).toBeLessThan(300);
      const list = await call('GET', '/api/templates', undefined, admin());
      expect(list.status).toBe(200);
      expect(list.json).toContainEqual(expect.objectContaining({ id: 'contract-echo' }));
      expect((await call('GET', '/api/templates/contract-echo', undefined, admin())).json).toMatchObject({ run: expect.any(Object) });
      // A template save maps a 400 answer to invalid JSON.
      expect((await call('PUT', '/api/templates/contract-echo', { run: 'not a run' }, admin())).status).toBe(400);
      expect((await call('DELETE', '/api/templates/contract-echo', undefined, admin())).status).toBe(204);
      expect((await call('GET', '/api/templates/contract-echo', undefined, admin())).status).toBe(404);
    });
  });

  describe('Servers', () => {
    it('POST /api/servers returns id', async () => {
      const { environment, ...apiForm } = echoDefinition;
      const res = await call('POST', '/api/servers', { ...apiForm, name: 'contractserver', node: nodeId, environment, users: [email] }, admin());
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id: expect.any(String) });
      serverId = res.json.id;
    });

    it('GET /api/servers with page and limit; returns servers and paging.total', async () => {
      const res = await call('GET', '/api/servers?page=1&limit=10');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ servers: [expect.objectContaining({ id: serverId, name: 'contractserver' })], paging: { total: 1 } });
    });

    it('GET /api/servers/{id}?perms returns server and permissions', async () => {
      const res = await call('GET', `/api/servers/${serverId}?perms`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ server: { id: serverId }, permissions: { viewServerConsole: true } });
    });

    it('PUT /api/servers/{id}/name/{name}', async () => {
      expect((await call('PUT', `/api/servers/${serverId}/name/contractrenamed`)).status).toBe(204);
      expect((await call('GET', `/api/servers/${serverId}`)).json.server.name).toBe('contractrenamed');
    });

    it('GET /api/servers/{id}/user; PUT /api/servers/{id}/user/{email} with flags; DELETE /api/servers/{id}/user/{id}', async () => {
      const list = await call('GET', `/api/servers/${serverId}/user`);
      expect(list.status).toBe(200);
      expect(list.json).toContainEqual(expect.objectContaining({ email }));
      expect((await call('PUT', `/api/servers/${serverId}/user/${encodeURIComponent(t.admin.email)}`, { viewServerConsole: true })).status).toBe(204);
      expect((await call('GET', `/api/servers/${serverId}/user`)).json).toContainEqual(expect.objectContaining({ email: t.admin.email, viewServerConsole: true }));
      expect((await call('DELETE', `/api/servers/${serverId}/user/${t.admin.id}`)).status).toBe(204);
    });
  });

  describe('Daemon proxy under /proxy/daemon/server/{id}', () => {
    const base = () => `/proxy/daemon/server/${serverId}`;

    it('GET, POST definition (at the base path)', async () => {
      const res = await call('GET', base(), undefined, admin());
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ run: { command: expect.any(Array) } });
      expect((await call('POST', base(), { ...res.json, run: { ...res.json.run, autorestart: true } }, admin())).status).toBe(204);
      expect((await call('GET', base(), undefined, admin())).json.run.autorestart).toBe(true);
    });

    it('GET, POST /data (body {data})', async () => {
      const res = await call('GET', `${base()}/data`);
      expect(res.status).toBe(200);
      expect(res.json.data.motd).toMatchObject({ value: 'hi' });
      expect((await call('POST', `${base()}/data`, { data: { motd: 'hello' } })).status).toBe(204);
      expect((await call('GET', `${base()}/data`)).json.data.motd.value).toBe('hello');
    });

    it('POST /{action}?wait={bool}; GET /status returns running; GET /stats returns cpu and memory', async () => {
      expect((await call('POST', `${base()}/start?wait=true`)).status).toBe(204);
      expect((await call('GET', `${base()}/status`)).json).toEqual({ running: true, installing: false });
      const stats = await call('GET', `${base()}/stats`);
      expect(stats.status).toBe(200);
      expect(stats.json).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number) });
    });

    it('POST /console with the command; GET /console?time={since}', async () => {
      expect((await call('POST', `${base()}/console`, { command: 'contract line' })).status).toBe(204);
      await vi.waitFor(async () => expect((await call('GET', `${base()}/console`)).json.logs.join('')).toContain('echo:contract line'), { timeout: 10_000 });
      const later = await call('GET', `${base()}/console?time=${Number.MAX_SAFE_INTEGER}`);
      expect(later.status).toBe(200);
      expect(later.json.logs.join('')).not.toContain('contract line');
    });

    it('GET, PUT, DELETE /file/{path} (PUT: multipart field file; ?folder=true makes a folder); POST /archive/{path}; GET /extract/{path}?destination', async () => {
      const boundary = '----contract';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\ncontract file\r\n--${boundary}--\r\n`;
      const put = await fetch(`${root}${base()}/file/a.txt`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
      expect(put.status).toBe(204);
      expect((await call('PUT', `${base()}/file/dir?folder=true`)).status).toBe(204);
      expect((await call('GET', `${base()}/file/a.txt`)).text).toBe('contract file');
      // A folder answers a bare array of entries, each with the spec's fields.
      const listing = (await call('GET', `${base()}/file/`)).json as Array<Record<string, unknown>>;
      expect(Array.isArray(listing)).toBe(true);
      expect(listing.map((f) => f.name)).toEqual(expect.arrayContaining(['a.txt', 'dir']));
      expect(listing.find((f) => f.name === 'a.txt')).toEqual({ name: 'a.txt', isFile: true, size: 13, modifyTime: expect.any(Number) });
      expect((await call('POST', `${base()}/archive/a.zip`, ['a.txt'])).status).toBe(204);
      expect((await call('GET', `${base()}/extract/a.zip?destination=dir`)).status).toBe(204);
      expect((await call('GET', `${base()}/file/dir/a.txt`)).text).toBe('contract file');
      expect((await call('DELETE', `${base()}/file/dir`)).status).toBe(204);
    });

    it('POST /reload', async () => {
      expect((await call('POST', `${base()}/reload`, undefined, admin())).status).toBe(204);
    });

    it('GET, POST /tasks; PUT, DELETE /tasks/{taskId}; POST /tasks/{taskId}/run', async () => {
      const task = { name: 'contract task', cronSchedule: '0 0 */1 * *', operations: [{ type: 'writefile', target: 'task.txt', text: 'ran' }] };
      expect((await call('GET', `${base()}/tasks`, undefined, admin())).json.tasks).toEqual({});
      const made = await call('POST', `${base()}/tasks`, task, admin());
      expect(made.status).toBe(200);
      expect(made.json).toEqual({ id: expect.any(String) });
      expect((await call('GET', `${base()}/tasks`, undefined, admin())).json.tasks).toEqual({ [made.json.id]: task });
      expect((await call('PUT', `${base()}/tasks/${made.json.id}`, { ...task, cronSchedule: null }, admin())).status).toBe(204);
      expect((await call('POST', `${base()}/tasks/${made.json.id}/run`, undefined, admin())).status).toBe(204);
      await vi.waitFor(async () => expect((await call('GET', `${base()}/file/task.txt`, undefined, admin())).text).toBe('ran'), { timeout: 10_000 });
      expect((await call('DELETE', `${base()}/tasks/${made.json.id}`, undefined, admin())).status).toBe(204);
      expect((await call('GET', `${base()}/tasks`, undefined, admin())).json.tasks).toEqual({});
    });
  });

  describe('OAuth2 clients', () => {
    it('GET, POST /api/self/oauth2 (POST: name, description); DELETE /api/self/oauth2/{id} answers 204', async () => {
      const made = await call('POST', '/api/self/oauth2', { name: 'contract bot', description: 'walks section 7' });
      expect(made.status).toBe(200);
      expect(made.json).toEqual({ client_id: expect.any(String), client_secret: expect.any(String) });
      expect((await call('GET', '/api/self/oauth2')).json).toContainEqual({ client_id: made.json.client_id, name: 'contract bot', description: 'walks section 7' });
      expect((await call('DELETE', `/api/self/oauth2/${made.json.client_id}`)).status).toBe(204);
      expect((await call('GET', '/api/self/oauth2')).json).toEqual([]);
    });

    it('GET, POST /api/servers/{id}/oauth2; DELETE /api/servers/{id}/oauth2/{clientId}', async () => {
      const made = await call('POST', `/api/servers/${serverId}/oauth2`, { name: 'server bot', description: '' }, admin());
      expect(made.status).toBe(200);
      expect(made.json).toEqual({ client_id: expect.any(String), client_secret: expect.any(String) });
      expect((await call('GET', `/api/servers/${serverId}/oauth2`, undefined, admin())).json).toEqual([{ client_id: made.json.client_id, name: 'server bot', description: '' }]);
      expect((await call('DELETE', `/api/servers/${serverId}/oauth2/${made.json.client_id}`, undefined, admin())).status).toBe(204);
      expect((await call('GET', `/api/servers/${serverId}/oauth2`, undefined, admin())).json).toEqual([]);
    });
  });

  describe('Theme', () => {
    it('GET /theme/{name}.tar (binary archive of 512-byte blocks)', async () => {
      const res = await fetch(`${root}/theme/outpost.tar`);
      expect(res.status).toBe(200);
      const tar = Buffer.from(await res.arrayBuffer());
      expect(tar.length % 512).toBe(0);
      expect(tar.subarray(0, 100).toString('latin1')).toMatch(/^[\w./-]+/);
      expect(tar.toString('latin1')).toContain('theme.json');
    });
  });

  it('WebSocket {ws}://{host}/proxy/daemon/socket/{id}: sent types in, received types status, stat, console, file only', async () => {
    const ws = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { authorization: `Bearer ${token}` } });
    const events: Array<{ type: string; data: any }> = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    for (const message of [{ type: 'status' }, { type: 'stat' }, { type: 'replay', since: 0 }, { type: 'console', command: 'socket line' }, { type: 'file', action: 'get', path: '/' }]) {
      ws.send(JSON.stringify(message));
    }
    await vi.waitFor(() => {
      expect(events.find((e) => e.type === 'status')?.data).toEqual({ running: true, installing: false });
      expect(events.find((e) => e.type === 'stat')?.data).toMatchObject({ cpu: expect.any(Number), memory: expect.any(Number) });
      expect(events.find((e) => e.type === 'file')?.data).toMatchObject({ files: expect.any(Array), path: '/' });
      expect(events.filter((e) => e.type === 'console').flatMap((e) => e.data.logs).join('')).toContain('socket line');
    }, { timeout: 10_000 });
    ws.send(JSON.stringify({ type: 'stop' }));
    await vi.waitFor(() => expect(events.some((e) => e.type === 'status' && e.data.running === false)).toBe(true), { timeout: 10_000 });
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['status', 'stat', 'console', 'file']));
    ws.close();
  });

  it('errors carry only codes of the catalogue (section 8) in error.code, or none and a readable error.msg', async () => {
    const catalogue = new Set(
      ('ErrGeneric ErrUnknownError ErrInvalidCredentials ErrServiceNotAvailable ErrEmailNotConfigured ErrTokenInvalid ErrClientNotFound ' +
        'ErrUserNotFound ErrLoginNotPermitted ErrInvalidTokenState ErrSettingNotConfigured ErrNoTemplate ErrServiceInvalidProvider ' +
        'ErrFieldRequired ErrFieldMustBePrintable ErrFieldHasURICharacters ErrFieldIsInvalidHost ErrFieldIsInvalidIP ErrFieldTooLarge ' +
        'ErrFieldTooSmall ErrFieldNotBetween ErrFieldEqual ErrFieldNotEqual ErrFieldNotEmail ErrFieldLength ErrNoPermission ' +
        'ErrDatabaseNotAvailable ErrNoNodes ErrNoTemplates ErrPasswordRequirements ErrUsernameRequirements ErrPasswordsNotIdentical ' +
        'ErrSessionTimedOut ErrMissingScope ErrInvalidJson ErrSocketFailed ErrInviteLinkInvalid ErrSavingInviteduser ' +
        'ErrDuplicateServerName ErrDuplicateNodeName ErrDirectoryUploadNotSupported ErrDockerNotSupported ErrMissingBinary ' +
        'ErrUnsupportedOS ErrUnsupportedArch').split(' '),
    );
    const base = `/proxy/daemon/server/${serverId}`;
    const answers = [
      await call('GET', '/api/servers/ffffffff', undefined, admin()), // no such server
      await call('GET', `${base}/file/..%2F..%2Fetc%2Fpasswd`, undefined, admin()), // outside the folder
      await call('POST', `${base}/tasks`, { name: 'bad', cronSchedule: 'every day', operations: [] }, admin()), // bad schedule
      await call('POST', '/auth/register', { username: 'another_walker', email: (await call('GET', '/api/self')).json.email, password }), // taken email
      await call('GET', '/api/nope', undefined, admin()), // no such route
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
      const { code, msg } = res.json.error;
      if (code !== undefined) expect(catalogue, res.text).toContain(code);
      else expect(msg, res.text).toMatch(/^[^E]|^E[^r]/); // words, not a raw key
    }
    expect(answers.filter((res) => res.json.error.code === undefined).length).toBeGreaterThan(0);
  });

  it('DELETE /api/servers/{id}', async () => {
    expect((await call('DELETE', `/api/servers/${serverId}`, undefined, admin())).status).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}`, undefined, admin())).status).toBe(404);
    serverId = '';
  });

  describe('Users', () => {
    it('GET /api/users with page and limit; GET /api/users?username=*{text}* to search', async () => {
      const page = await call('GET', '/api/users?page=1&limit=10', undefined, admin());
      expect(page.status).toBe(200);
      expect(page.json).toEqual({ users: expect.any(Array), paging: { page: 1, limit: 10, total: expect.any(Number) } });
      expect(page.json.users).toContainEqual({ id: expect.any(Number), username: expect.stringMatching(/^contract_walker/), email });
      const found = await call('GET', '/api/users?username=*ract_wal*', undefined, admin());
      expect(found.json.users.map((u: { email: string }) => u.email)).toEqual([email]);
    });

    it('POST /api/users then PUT perms; GET /api/users/{id}; POST /api/users/{id} then PUT perms; GET /api/users/{id}/perms; DELETE /api/users/{id}', async () => {
      const made = await call('POST', '/api/users', { username: 'contract_added', email: 'contract_added@example.com', password: 'added password 1' }, admin());
      expect(made.status).toBe(200);
      const id = made.json.id as number;
      expect(made.json).toEqual({ id: expect.any(Number), username: 'contract_added', email: 'contract_added@example.com' });
      expect((await call('PUT', `/api/users/${id}/perms`, { scopes: ['nodes.view'] }, admin())).status).toBe(204);
      expect((await call('GET', `/api/users/${id}`, undefined, admin())).json).toEqual(made.json);
      const edited = await call('POST', `/api/users/${id}`, { username: 'contract_edited' }, admin());
      expect(edited.status).toBe(200);
      expect(edited.json.username).toBe('contract_edited');
      expect((await call('PUT', `/api/users/${id}/perms`, { scopes: ['nodes.view', 'templates.view'] }, admin())).status).toBe(204);
      expect((await call('GET', `/api/users/${id}/perms`, undefined, admin())).json).toMatchObject({ scopes: ['nodes.view', 'templates.view'], viewNodes: true, viewTemplates: true, admin: false });
      // What was granted works for that user at once.
      const session = (await call('POST', '/auth/login', { email: 'contract_added@example.com', password: 'added password 1' }, '')).json.session as string;
      expect((await call('GET', '/api/nodes', undefined, `Bearer ${session}`)).status).toBe(200);
      expect((await call('DELETE', `/api/users/${id}`, undefined, admin())).status).toBe(204);
      expect((await call('GET', `/api/users/${id}`, undefined, admin())).status).toBe(404);
      expect((await call('GET', '/api/nodes', undefined, `Bearer ${session}`)).status).toBe(401);
    });
  });
});
