import { Scopes, type ActivityEntry } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalNode, type LocalNode } from '../../nodes/startLocalNode.js';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { createServerUser, createTestServer } from '../../test/serverFixtures.js';

/** Failures that concern people: each emitted once by the real failing action, with its reason. */
describe('activity of failures', () => {
  let t: TestApp;
  let node: LocalNode;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    // No disk has room beyond this reserve: every local backup fails as a full disk does.
    node = await startLocalNode(t.app, { autostart: false, stopGraceMs: 2000, backups: { diskReserveBytes: Number.MAX_SAFE_INTEGER } });
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
  }, 30_000);
  afterAll(async () => {
    await node.stop();
    await t.close();
  });

  const activity = async (query: string, who: TestUser = admin): Promise<ActivityEntry[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/activity?limit=100&${query}`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json().activity;
  };

  it('records a backup that failed once, by whoever asked for it, with the reason', async () => {
    const id = await createTestServer(t.app, admin, (await t.app.panel.repo.nodes.local())!.id, 'failing backups');
    const editor = await createServerUser(t.app, id, { createServerBackups: true });
    const made = await t.app.inject({ method: 'POST', url: `/api/servers/${id}/backups?wait=true`, headers: editor.headers, payload: { name: 'nightly' } });
    expect(made.statusCode).toBe(507);
    expect(made.json().error).toMatchObject({ reason: 'ErrDiskFull' });
    await expect.poll(async () => (await activity(`server=${id}&event=server.backup`)).length, { timeout: 10_000 }).toBe(1);
    const [failed] = await activity(`server=${id}&event=server.backup`);
    expect(failed).toMatchObject({
      event: 'server.backup.failed',
      actor: { type: 'user', id: String(editor.id), name: editor.username },
      server: id,
      data: { name: 'nightly', error: expect.stringMatching(/disk is full/) },
    });
  });

  it('records a wrong one-time code at sign-in as a failed sign-in with its reason, then the sign-in', async () => {
    const user = await createSignedInUser(t.app, []);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers })).json();
    expect((await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: currentOtpCode(secret) } })).statusCode).toBe(200);

    const login = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '127.0.0.7', payload: { email: user.email, password: user.password } });
    expect(login.json()).toMatchObject({ otpNeeded: true });
    const { ticket } = login.json();
    const wrong = currentOtpCode(secret) === '000000' ? '111111' : '000000';
    const refused = await t.app.inject({ method: 'POST', url: '/auth/otp', remoteAddress: '127.0.0.7', payload: { ticket, token: wrong } });
    expect(refused.statusCode).toBe(400);
    // The code the sign-in used a moment ago is spent: a code from the next step lets this one in.
    const done = await t.app.inject({ method: 'POST', url: '/auth/otp', remoteAddress: '127.0.0.7', payload: { ticket, token: currentOtpCode(secret, Date.now() + 30_000) } });
    expect(done.statusCode).toBe(200);

    const entries = (await activity(`user=${user.id}&event=auth.login`)).reverse();
    expect(entries).toMatchObject([
      { event: 'auth.login.failed', actor: { type: 'user', id: String(user.id), name: user.username }, ip: '127.0.0.7', data: { username: user.username, reason: 'ErrTokenInvalid' } },
      { event: 'auth.login', actor: { type: 'user', id: String(user.id) }, ip: '127.0.0.7', data: { method: 'otp' } },
    ]);
  });
});
