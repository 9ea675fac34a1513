import type { AddressInfo } from 'node:net';
import { Scopes, SettingKeys } from '@outpost/shared';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// panel.security.requireTwoFactor over raw HTTP: what a user the panel requires two-factor login
// of, and who has none, may still do, on every kind of route and on the live socket.
describe('two-factor login required by the panel', () => {
  let t: NodeTestApp;
  let root: string;
  let serverId: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    serverId = await createTestServer(t.app, t.admin, t.localNodeId, 'twofactor');
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${root}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = async (user: TestUser) => {
    const res = await fetch(`${root}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(res.status).toBe(200);
    return (await res.json()) as { session: string; twoFactorRequired?: boolean };
  };
  const setRequirement = (value: string) => t.app.panel.repo.settings.setMany({ [SettingKeys.requireTwoFactor]: value });
  /** The status the socket's upgrade was answered with (101 when it opened), and the error body. */
  const openSocket = (token: string) =>
    new Promise<{ status: number; body?: { error: { reason: string } } }>((resolve, reject) => {
      const ws = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { authorization: `Bearer ${token}` } });
      ws.once('open', () => {
        ws.close();
        resolve({ status: 101 });
      });
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      });
      ws.once('error', reject);
    });
  /** Sets up two-factor login through the API, as the web's set-up screen does; answers the recovery codes. */
  const enableOtp = async (token: string) => {
    const setup = await call('POST', '/api/self/otp', token);
    expect(setup.status).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await call('PUT', '/api/self/otp', token, { token: currentOtpCode(secret) });
    expect(confirm.status).toBe(200);
    return ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes;
  };

  it('only an administrator sets it, to off, admins or everyone; anything else is refused beside the field', async () => {
    const editor = await createSignedInUser(t.app, [Scopes.SettingsEdit]);
    const key = SettingKeys.requireTwoFactor;
    expect(await (await call('GET', `/api/settings/${key}`, t.admin.token)).json()).toEqual({ value: 'off' });
    const wrong = await call('PUT', `/api/settings/${key}`, t.admin.token, { value: 'sometimes' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: key } });
    const notAdmin = await call('POST', '/api/settings', editor.token, { [key]: 'everyone' });
    expect(notAdmin.status).toBe(403);
    expect(await (await call('GET', `/api/settings/${key}`, t.admin.token)).json()).toEqual({ value: 'off' });
    expect((await call('PUT', `/api/settings/${key}`, t.admin.token, { value: 'off' })).status).toBe(204);
  });

  it('forces a new administrator through set-up: 403 ErrTwoFactorRequired everywhere but the set-up, 200 once it is on', async () => {
    const newAdmin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const player = await createServerUser(t.app, serverId, { viewServerConsole: true });
    await setRequirement('admins');
    try {
      const login = await signIn(newAdmin);
      expect(login.twoFactorRequired).toBe(true);
      const session = login.session;

      // A panel route, a server route, an admin route and the live socket: all refused with the code.
      for (const [method, path] of [
        ['GET', '/api/servers'],
        ['GET', `/api/servers/${serverId}`],
        ['GET', '/api/users'],
        ['POST', `/proxy/daemon/server/${serverId}/console`],
        ['GET', '/api/self/oauth2'],
      ]) {
        const res = await call(method, path, session, method === 'POST' ? { command: 'x' } : undefined);
        expect(res.status, `${method} ${path}`).toBe(403);
        const { error } = await res.json();
        // Outpost's clients read the precise reason; a spec client the catalogue's nearest code.
        expect(error, `${method} ${path}`).toMatchObject({ reason: 'ErrTwoFactorRequired', code: 'ErrLoginNotPermitted' });
      }
      const socket = await openSocket(session);
      expect(socket.status).toBe(403);
      expect(socket.body?.error.reason).toBe('ErrTwoFactorRequired');

      // What setting it up needs stays open, and says why.
      const self = await call('GET', '/api/self', session);
      expect(self.status).toBe(200);
      expect(await self.json()).toMatchObject({ otpActive: false, twoFactorRequired: true });
      expect((await call('GET', '/api/userSettings', session)).status).toBe(200);
      expect((await call('GET', '/api/config', session)).status).toBe(200);

      // Someone holding no administrator-like scope is not limited by `admins`...
      expect((await call('GET', `/api/servers/${serverId}`, player.token)).status).toBe(200);

      const codes = await enableOtp(session);
      expect(codes).toHaveLength(10);
      // ...and the limit lifts for the same session at once.
      expect((await call('GET', '/api/servers', session)).status).toBe(200);
      expect((await call('GET', `/api/servers/${serverId}`, session)).status).toBe(200);
      expect((await call('GET', '/api/users', session)).status).toBe(200);
      expect((await openSocket(session)).status).toBe(101);
      expect((await (await call('GET', '/api/self', session)).json()).twoFactorRequired).toBeUndefined();
    } finally {
      await setRequirement('off');
    }
  });

  it('with everyone, limits a user holding only a server until they set it up; off lifts it', async () => {
    const player = await createServerUser(t.app, serverId, { viewServerConsole: true });
    await setRequirement('everyone');
    try {
      const res = await call('GET', `/api/servers/${serverId}`, player.token);
      expect(res.status).toBe(403);
      expect((await res.json()).error.reason).toBe('ErrTwoFactorRequired');
      expect((await openSocket(player.token)).status).toBe(403);
    } finally {
      await setRequirement('off');
    }
    expect((await call('GET', `/api/servers/${serverId}`, player.token)).status).toBe(200);
  });
});
