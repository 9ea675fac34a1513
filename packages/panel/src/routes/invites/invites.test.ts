import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionToken } from '../../services/sessionTokens.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { refusedPort, sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';

describe('invitations: /api/servers/{id}/user with an unknown email, and /auth/invite', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  let owner: TestUser;
  const serverId = 'abcd0001';
  beforeAll(async () => {
    t = await createTestApp();
    catcher = await startMailCatcher();
    await sendMailTo(t.app, catcher);
    const node = (await t.app.panel.repo.nodes.local())!;
    await t.app.panel.repo.servers.insert({ id: serverId, name: 'Creative world', node_id: node.id, ip: '', port: null, type: 'test', created_at: Date.now() });
    owner = await createSignedInUser(t.app, []);
    await t.app.panel.repo.permissions.replace(owner.id, serverId, [Scopes.ServerView, Scopes.ServerUsersEdit, Scopes.ServerConsole, Scopes.ServerStart]);
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  const invite = (email: string, flags: object, headers = owner.headers) =>
    t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/user/${encodeURIComponent(email)}`, headers, payload: flags });
  const list = async () => (await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/user`, headers: owner.headers })).json();
  const mailTo = (email: string) => vi.waitUntil(() => catcher.mails.findLast((m) => m.rcptTo.includes(email)));
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const accept = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/invite', payload });

  it('mails a link, lists the invitation as pending, and the invitee lands with exactly the granted permissions', async () => {
    expect((await invite('New.Player@Example.com', { viewServerConsole: true, startServer: true })).statusCode).toBe(204);
    const mail = await mailTo('new.player@example.com');
    expect(mail.subject).toBe('You are invited to Creative world');
    expect(mail.text).toContain(`${owner.username} invited you to the server Creative world`);
    expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/auth\/invite\?token=/);
    expect(mail.html).toContain(`href="${mail.link!.replace(/&/g, '&amp;')}"`);
    expect((await list()).find((e: { email: string }) => e.email === 'new.player@example.com')).toMatchObject({ pending: true, viewServerConsole: true, startServer: true, stopServer: false });

    const token = tokenOf(mail.link!);
    const shown = await t.app.inject({ method: 'GET', url: `/auth/invite/${token}` });
    expect(shown.json()).toEqual({ email: 'new.player@example.com', serverName: 'Creative world' });
    // A bad username is refused and leaves the link usable.
    expect((await accept({ token, username: 'no', password: 'long enough 1' })).json().error.code).toBe('ErrUsernameRequirements');
    expect((await accept({ token, username: 'new_player', password: 'long enough 1', confirmPassword: 'long enough 2' })).json().error).toMatchObject({ code: 'ErrFieldNotEqual', metadata: { field: 'confirmPassword', field2: 'password' } });
    expect((await accept({ token, username: owner.username, password: 'long enough 1' })).json().error.reason).toBe('ErrAlreadyExists');
    const res = await accept({ token, username: 'new_player', password: 'long enough 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().scopes).toContain(Scopes.ServersView);
    const user = (await t.app.panel.repo.users.byEmail('new.player@example.com'))!;
    expect(user.username).toBe('new_player');
    expect((await t.app.panel.repo.permissions.serverScopes(user.id, serverId)).sort()).toEqual([Scopes.ServerConsole, Scopes.ServerStart, Scopes.ServerView].sort());
    // The session works and reaches the server.
    const headers = { authorization: `Bearer ${res.json().session}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}`, headers })).statusCode).toBe(200);
    // The list now shows the account, no longer an invitation.
    expect((await list()).filter((e: { email: string }) => e.email === 'new.player@example.com')).toEqual([expect.not.objectContaining({ pending: true })]);
    // Used once: the link is spent.
    const again = await accept({ token, username: 'other_player', password: 'long enough 1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('ErrInviteLinkInvalid');
  });

  it('answers ErrInviteLinkInvalid for a forged or expired link', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/auth/invite/not-a-real-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('ErrInviteLinkInvalid');
    await t.app.panel.repo.invitations.replace({ tokenHash: hashSessionToken('old-token'), email: 'late@example.com', serverId, scopes: [Scopes.ServerView], invitedBy: owner.id, expiresAt: Date.now() - 1 });
    expect((await t.app.inject({ method: 'GET', url: '/auth/invite/old-token' })).json().error.code).toBe('ErrInviteLinkInvalid');
    expect((await accept({ token: 'old-token', username: 'late_player', password: 'long enough 1' })).json().error.code).toBe('ErrInviteLinkInvalid');
    expect(await t.app.panel.repo.users.byEmail('late@example.com')).toBeUndefined();
  });

  it('grants, with the account, the invitations of the same email to other servers', async () => {
    const second = 'abcd0002';
    const node = (await t.app.panel.repo.nodes.local())!;
    await t.app.panel.repo.servers.insert({ id: second, name: 'Second world', node_id: node.id, ip: '', port: null, type: 'test', created_at: Date.now() });
    await t.app.panel.repo.permissions.replace(owner.id, second, [Scopes.ServerView, Scopes.ServerUsersEdit, Scopes.ServerStart]);
    await invite('twice@example.com', { viewServerConsole: true });
    await t.app.inject({ method: 'PUT', url: `/api/servers/${second}/user/twice@example.com`, headers: owner.headers, payload: { startServer: true } });
    const invitedTo = (server: string) => vi.waitUntil(() => catcher.mails.find((m) => m.rcptTo.includes('twice@example.com') && m.subject === `You are invited to ${server}`));
    const first = tokenOf((await invitedTo('Creative world')).link!);
    const other = await invitedTo('Second world');
    expect((await accept({ token: first, username: 'twice_player', password: 'long enough 1' })).statusCode).toBe(200);
    const user = (await t.app.panel.repo.users.byEmail('twice@example.com'))!;
    expect(await t.app.panel.repo.permissions.serverScopes(user.id, second)).toEqual(expect.arrayContaining([Scopes.ServerStart]));
    expect((await accept({ token: tokenOf(other.link!), username: 'twice_again', password: 'long enough 1' })).json().error.code).toBe('ErrInviteLinkInvalid');
  });

  it('answers every missing or oversized field with its code', async () => {
    const missing = await accept({ token: 'x', password: 'long enough 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'username' } });
    expect((await accept({ token: 'x'.repeat(201), username: 'someone', password: 'long enough 1' })).json().error).toMatchObject({ code: 'ErrFieldTooLarge', metadata: { field: 'token' } });
    expect((await t.app.inject({ method: 'GET', url: `/auth/invite/${'x'.repeat(201)}` })).json().error.code).toBe('ErrFieldTooLarge');
  });

  it('withdraws a pending invitation by its email, after which its link is invalid', async () => {
    await invite('withdrawn@example.com', { viewServerConsole: true });
    const token = tokenOf((await mailTo('withdrawn@example.com')).link!);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/user/withdrawn@example.com`, headers: owner.headers })).statusCode).toBe(204);
    expect((await list()).map((e: { email: string }) => e.email)).not.toContain('withdrawn@example.com');
    expect((await accept({ token, username: 'withdrawn', password: 'long enough 1' })).json().error.code).toBe('ErrInviteLinkInvalid');
  });

  it('grants through an invitation nothing the inviter does not hold, and checks the email', async () => {
    const more = await invite('greedy@example.com', { putServerFiles: true });
    expect(more.statusCode).toBe(403);
    expect(more.json().error.code).toBe('ErrMissingScope');
    expect((await invite('not an email', { viewServerConsole: true })).json().error.code).toBe('ErrFieldNotEmail');
    expect((await list()).map((e: { email: string }) => e.email)).not.toContain('greedy@example.com');
  });

  it('grants nothing once the inviter is deleted or may no longer share, and only what they still hold', async () => {
    const sharer = async (scopes: Scopes[]) => {
      const user = await createSignedInUser(t.app, []);
      await t.app.panel.repo.permissions.replace(user.id, serverId, scopes);
      return user;
    };
    const full = [Scopes.ServerView, Scopes.ServerUsersEdit, Scopes.ServerConsole, Scopes.ServerStart];
    const [deleted, demoted, narrowed] = [await sharer(full), await sharer(full), await sharer(full)];
    const invitedBy = async (inviter: TestUser, email: string) => {
      expect((await invite(email, { viewServerConsole: true, startServer: true }, inviter.headers)).statusCode).toBe(204);
      return tokenOf((await mailTo(email)).link!);
    };
    const orphanToken = await invitedBy(deleted, 'orphan@example.com');
    const demotedToken = await invitedBy(demoted, 'demoted@example.com');
    const narrowedToken = await invitedBy(narrowed, 'narrowed@example.com');
    await t.app.panel.repo.users.deleteKeepingAdmin(deleted.id);
    await t.app.panel.repo.permissions.replace(demoted.id, serverId, [Scopes.ServerView, Scopes.ServerConsole, Scopes.ServerStart]);
    await t.app.panel.repo.permissions.replace(narrowed.id, serverId, [Scopes.ServerView, Scopes.ServerUsersEdit, Scopes.ServerConsole]);

    for (const [token, email] of [[orphanToken, 'orphan@example.com'], [demotedToken, 'demoted@example.com']] as const) {
      expect((await t.app.inject({ method: 'GET', url: `/auth/invite/${token}` })).json().error.code).toBe('ErrInviteLinkInvalid');
      const refused = await accept({ token, username: email.split('@')[0], password: 'long enough 1' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('ErrInviteLinkInvalid');
      expect(await t.app.panel.repo.users.byEmail(email)).toBeUndefined();
    }
    // The inviter lost startServer meanwhile: the invitee gets the rest, not that.
    expect((await accept({ token: narrowedToken, username: 'narrowed', password: 'long enough 1' })).statusCode).toBe(200);
    const user = (await t.app.panel.repo.users.byEmail('narrowed@example.com'))!;
    expect((await t.app.panel.repo.permissions.serverScopes(user.id, serverId)).sort()).toEqual([Scopes.ServerConsole, Scopes.ServerView].sort());
  });

  it("leaves an invitation to anyone who does not outrank its inviter, and withdraws one's own", async () => {
    const manager = await createSignedInUser(t.app, []);
    await t.app.panel.repo.permissions.replace(manager.id, serverId, [Scopes.ServerView, Scopes.ServerUsersEdit, Scopes.ServerConsole]);
    expect((await invite('owners.pick@example.com', { viewServerConsole: true })).statusCode).toBe(204);
    const token = tokenOf((await mailTo('owners.pick@example.com')).link!);
    // The invitation grants nothing the manager lacks, but its inviter (the owner) holds more here.
    const withdraw = await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/user/owners.pick@example.com`, headers: manager.headers });
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().error.code).toBe('ErrMissingScope');
    expect((await invite('owners.pick@example.com', { viewServerConsole: true }, manager.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/auth/invite/${token}` })).statusCode).toBe(200);
    expect((await list()).find((e: { email: string }) => e.email === 'owners.pick@example.com')).toMatchObject({ pending: true, viewServerConsole: true });

    expect((await invite('managers.pick@example.com', { viewServerConsole: true }, manager.headers)).statusCode).toBe(204);
    await mailTo('managers.pick@example.com');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/user/managers.pick@example.com`, headers: manager.headers })).statusCode).toBe(204);
    expect((await list()).map((e: { email: string }) => e.email)).not.toContain('managers.pick@example.com');
  });

  it('answers ErrEmailNotConfigured, and stores nothing, while no provider is chosen', async () => {
    await t.app.panel.repo.settings.setMany({ 'panel.email.provider': 'none' });
    try {
      const res = await invite('nomail@example.com', { viewServerConsole: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('ErrEmailNotConfigured');
      expect((await list()).map((e: { email: string }) => e.email)).not.toContain('nomail@example.com');
    } finally {
      await sendMailTo(t.app, catcher);
    }
  });

  it('still invites when the provider is down: the answer is the same, the failure is kept for admins', async () => {
    await t.app.panel.repo.settings.setMany({ 'panel.email.host': `127.0.0.1:${await refusedPort()}` });
    try {
      expect((await invite('down@example.com', { viewServerConsole: true })).statusCode).toBe(204);
      expect((await list()).find((e: { email: string }) => e.email === 'down@example.com')).toMatchObject({ pending: true });
      await t.app.panel.mail.idle();
      expect(t.app.panel.mail.lastFailure).toMatchObject({ kind: 'invitation', msg: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await sendMailTo(t.app, catcher);
    }
  });
});
