import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';
import { createNodeTestApp, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

describe('mails about access to a server', () => {
  let t: NodeTestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    t = await createNodeTestApp();
    catcher = await startMailCatcher();
    await sendMailTo(t.app, catcher);
  });
  afterAll(async () => {
    await catcher.close();
    await t.close();
  });

  const mailFor = (email: string, subject: string) => vi.waitUntil(() => catcher.mails.find((m) => m.rcptTo.includes(email) && m.subject === subject));

  it('tells a user they were added to and removed from a server, and when it is deleted', async () => {
    const id = await createTestServer(t.app, t.admin, t.localNodeId, 'mail world');
    const guest = await createSignedInUser(t.app, []);
    const url = `/api/servers/${id}/user/${guest.email}`;
    expect((await t.app.inject({ method: 'PUT', url, headers: t.admin.headers, payload: { viewServerConsole: true } })).statusCode).toBe(204);
    const added = await mailFor(guest.email, 'You now have access to mail world');
    expect(added.link).toMatch(new RegExp(`/server/${id}$`));
    // A change of flags alone is not news.
    await t.app.inject({ method: 'PUT', url, headers: t.admin.headers, payload: { viewServerConsole: true, startServer: true } });
    expect((await t.app.inject({ method: 'DELETE', url, headers: t.admin.headers })).statusCode).toBe(204);
    await mailFor(guest.email, 'Your access to mail world was removed');
    expect(catcher.mails.filter((m) => m.rcptTo.includes(guest.email)).map((m) => m.subject)).toEqual([
      'You now have access to mail world',
      'Your access to mail world was removed',
    ]);

    await t.app.inject({ method: 'PUT', url, headers: t.admin.headers, payload: { viewServerConsole: true } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${id}`, headers: t.admin.headers })).statusCode).toBe(204);
    const deleted = await mailFor(guest.email, 'The server mail world was deleted');
    expect(deleted.text).toContain(`deleted by ${t.admin.username}`);
    // The one who deleted it is not told.
    expect(catcher.mails.filter((m) => m.rcptTo.includes(t.admin.email))).toEqual([]);
  });
});
