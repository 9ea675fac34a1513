import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../createUser.js';
import { createTestApp, type TestApp } from '../../test/factories.js';
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
