import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

// A spec client can choose SMTP, a host and a sender, and nothing about TLS: a relay on the
// panel's machine that offers no STARTTLS (a local Postfix, say) must still get the mail.
describe('mail to a plain SMTP relay on this machine, configured as a spec client does', () => {
  let t: NodeTestApp;
  let relay: MailCatcher;
  beforeAll(async () => {
    t = await createNodeTestApp();
    relay = await startMailCatcher({ plain: true });
  });
  afterAll(async () => {
    await relay.close();
    await t.close();
  });

  it('delivers an invitation when only provider, host and sender were set', async () => {
    const settings = { 'panel.email.provider': 'smtp', 'panel.email.host': `127.0.0.1:${relay.port}`, 'panel.email.from': 'Outpost <panel@outpost.test>' };
    const saved = await t.app.inject({ method: 'POST', url: '/api/settings', headers: t.admin.headers, payload: settings });
    expect(saved.statusCode).toBe(204);
    const id = await createTestServer(t.app, t.admin, t.localNodeId, 'Relay world');
    const invited = await t.app.inject({ method: 'PUT', url: `/api/servers/${id}/user/friend@outpost.test`, headers: t.admin.headers, payload: { viewServerConsole: true } });
    expect(invited.statusCode).toBe(204);
    const mail = await vi.waitUntil(() => relay.mails.find((m) => m.rcptTo.includes('friend@outpost.test')), { timeout: 10_000 });
    expect(mail).toMatchObject({ subject: 'You are invited to Relay world', secured: false });
    expect(mail.link).toMatch(/\/auth\/invite\?token=/);
    expect(t.app.panel.mail.lastFailure).toBeUndefined();
  });
});
