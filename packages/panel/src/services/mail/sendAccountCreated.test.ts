import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../createUser.js';
import { Scopes } from '@outpost/shared';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';
import { sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';
import { sendAccountCreated } from './sendAccountCreated.js';

describe('sendAccountCreated', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    t = await createTestApp();
    catcher = await startMailCatcher();
    await sendMailTo(t.app, catcher);
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  it('mails the new user their username and a link to the login page, never the password', async () => {
    const { repo, mail } = t.app.panel;
    const id = await createUser(repo, { username: 'fresh_user', email: 'fresh@example.com', password: 'secret password 1' });
    await sendAccountCreated(repo, mail, id);
    const sent = await vi.waitUntil(() => catcher.mails.find((m) => m.rcptTo.includes('fresh@example.com')));
    expect(sent.subject).toBe('Your account on Outpost');
    expect(sent.text).toContain('Hello fresh_user,');
    expect(sent.text).toContain('the username fresh_user');
    expect(sent.link).toMatch(/^http:\/\/localhost:\d+\/auth\/login$/);
    expect(sent.text + sent.html).not.toContain('secret password 1');
  });

  it("is sent when an administrator creates an account on /api/users, and their later changes are told as the owner's own are", async () => {
    // A password or email of another account is an administrator's to set (users.edit is not enough).
    const editor = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const made = await t.app.inject({ method: 'POST', url: '/api/users', headers: editor.headers, payload: { username: 'made_by_admin', email: 'made@example.com', password: 'first password 1' } });
    expect(made.statusCode).toBe(200);
    const welcome = await vi.waitUntil(() => catcher.mails.find((m) => m.rcptTo.includes('made@example.com')));
    expect(welcome.subject).toBe('Your account on Outpost');

    const { id } = made.json();
    const edit = await t.app.inject({ method: 'POST', url: `/api/users/${id}`, headers: editor.headers, payload: { email: 'moved@example.com', password: 'second password 2' } });
    expect(edit.statusCode).toBe(200);
    // The email change goes to the old address; the password change to the new one.
    await vi.waitUntil(() => catcher.mails.filter((m) => m.rcptTo.includes('made@example.com')).length === 2);
    await vi.waitUntil(() => catcher.mails.some((m) => m.rcptTo.includes('moved@example.com')));
    expect(catcher.mails.filter((m) => m.rcptTo.includes('made@example.com'))[1].text).toContain('moved@example.com');
  });

  it('sends nothing, and records no failure, while no provider is chosen', async () => {
    const { repo, mail } = t.app.panel;
    await repo.settings.setMany({ 'panel.email.provider': 'none' });
    const id = await createUser(repo, { username: 'quiet_user', email: 'quiet@example.com', password: 'secret password 1' });
    await sendAccountCreated(repo, mail, id);
    await mail.idle();
    expect(catcher.mails.filter((m) => m.rcptTo.includes('quiet@example.com'))).toEqual([]);
    expect(mail.lastFailure).toBeUndefined();
  });
});
