import { SettingKeys, SYSTEM_ACTOR, type ActivityRecord } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { sendMailTo, startMailCatcher, type MailCatcher } from '../../test/mailCatcher.js';
import { createNodeTestApp, createServerUser, echoDefinition, type NodeTestApp } from '../../test/serverFixtures.js';
import { NOTIFICATION_THROTTLE_MS } from './MailNotifications.js';

// A real panel with its local node, a real SMTP server on 127.0.0.1 and a server whose program
// exits with code 3: each start is a crash, as the node reports it.
describe('mail notifications', () => {
  let t: NodeTestApp;
  let smtp: MailCatcher;
  let clock = Date.now();
  let serverId: string;
  let owner: TestUser;
  let viewer: TestUser;
  let silent: TestUser;
  let outsider: TestUser;
  const crashes: ActivityRecord[] = [];

  const put = (url: string, user: TestUser, payload: object) => t.app.inject({ method: 'PUT', url, headers: user.headers, payload });
  const choose = async (user: TestUser, events: string[]) => expect((await put('/api/self/notifications', user, { events })).statusCode).toBe(200);
  const mailsTo = (user: TestUser) => smtp.mails.filter((mail) => mail.rcptTo.includes(user.email));

  /** Starts the server and waits for its crash and every mail (and lookup) it caused. */
  async function crashOnce(): Promise<void> {
    const before = crashes.length;
    const started = await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${serverId}/start`, headers: t.admin.headers });
    expect(started.statusCode).toBe(204);
    await vi.waitUntil(() => crashes.length > before, { timeout: 10_000 });
    await t.app.panel.mail.idle();
  }

  beforeAll(async () => {
    smtp = await startMailCatcher({ plain: true });
    t = await createNodeTestApp({ notificationClock: () => clock });
    await sendMailTo(t.app, smtp);
    t.app.panel.activity.subscribe((record) => {
      if (record.event === 'server.crashed') crashes.push(record);
    });
    const crashing = { ...echoDefinition, run: { ...echoDefinition.run, command: ['node', '-e', "console.log('\\x1b[31mworld failed to load\\x1b[0m');setTimeout(()=>process.exit(3),200)"] } };
    const created = await t.app.inject({ method: 'POST', url: '/api/servers', headers: t.admin.headers, payload: { name: 'Crashy', node: t.localNodeId, template: crashing, environment: { type: 'standard' } } });
    serverId = created.json().id;
    owner = await createServerUser(t.app, serverId, { viewServerConsole: true, startServer: true, stopServer: true, editServerUsers: true });
    viewer = await createServerUser(t.app, serverId, { viewServerStats: true });
    silent = await createServerUser(t.app, serverId, { viewServerConsole: true });
    outsider = await createSignedInUser(t.app);
    expect((await put('/api/userSettings/language', owner, { value: 'de_DE' })).statusCode).toBe(204);
    await choose(owner, ['server.crashed']);
    await choose(viewer, ['server.crashed', 'node.offline']);
    await choose(outsider, ['server.crashed', 'server.restart.gaveup', 'server.backup.failed', 'node.offline']);
    await choose(t.admin, ['node.offline']);
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("mails a crash to each user who chose it and can see the server, in their language, with the console's last lines for those who may read it", async () => {
    await crashOnce();
    const [german] = mailsTo(owner);
    expect(mailsTo(owner)).toHaveLength(1);
    expect(german.subject).toBe('Crashy ist abgestürzt');
    expect(german.text).toContain('Der Server Crashy wurde unerwartet beendet');
    expect(german.text).toContain('> world failed to load');
    expect(german.text).not.toContain('\x1b');
    expect(german.text).toMatch(/UTC/);
    expect(german.link).toMatch(new RegExp(`/server/${serverId}$`));
    // Sees the server, but not its console.
    const [english] = mailsTo(viewer);
    expect(mailsTo(viewer)).toHaveLength(1);
    expect(english.subject).toBe('Crashy crashed');
    expect(english.text).not.toContain('world failed to load');
    // Did not choose it, cannot see the server, or chose only node.offline.
    expect(mailsTo(silent)).toEqual([]);
    expect(mailsTo(outsider)).toEqual([]);
    expect(mailsTo(t.admin)).toEqual([]);
    expect(t.app.panel.mail.lastFailure).toBeUndefined();
  });

  it('sends nothing more for another crash within 10 minutes, and mails the next one after', async () => {
    clock += NOTIFICATION_THROTTLE_MS - 1000;
    await crashOnce();
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(viewer)).toHaveLength(1);

    clock += 2000;
    await crashOnce();
    expect(mailsTo(owner)).toHaveLength(2);
    expect(mailsTo(owner)[1].subject).toBe('Crashy ist abgestürzt');
    expect(mailsTo(viewer)).toHaveLength(2);
    expect(mailsTo(outsider)).toEqual([]);
  });

  it('tells those who may view nodes, and the users of its servers, that a node went offline, listing the servers they see on it', async () => {
    t.app.panel.activity.emit({ event: 'node.offline', actor: SYSTEM_ACTOR, data: { node: t.localNodeId, name: 'local' } });
    await vi.waitUntil(() => mailsTo(t.admin).length > 0 && mailsTo(viewer).length > 2, { timeout: 10_000 });
    await t.app.panel.mail.idle();
    const [admin] = mailsTo(t.admin);
    expect(admin.subject).toMatch(/^The node .+ is offline$/);
    expect(admin.link).toMatch(new RegExp(`/node/${t.localNodeId}$`));
    const user = mailsTo(viewer)[2];
    expect(user.subject).toBe(admin.subject);
    expect(user.text).toContain('> Crashy');
    expect(user.link).toMatch(/\/server$/);
    expect(mailsTo(outsider)).toEqual([]);
  });

  it("mails a failed backup with its error to those who may see the server's backups, and without it to the others", async () => {
    await choose(viewer, ['server.crashed', 'server.backup.failed', 'node.offline']);
    await choose(t.admin, ['server.backup.failed', 'node.offline']);
    const before = { admin: mailsTo(t.admin).length, viewer: mailsTo(viewer).length };
    t.app.panel.activity.emit({ event: 'server.backup.failed', actor: SYSTEM_ACTOR, server: serverId, data: { name: 'nightly', error: 'disk full at /backups' } });
    await vi.waitUntil(() => mailsTo(t.admin).length > before.admin && mailsTo(viewer).length > before.viewer, { timeout: 10_000 });
    await t.app.panel.mail.idle();
    const admin = mailsTo(t.admin).at(-1)!;
    expect(admin.subject).toBe('A backup of Crashy failed');
    expect(admin.text).toContain('> disk full at /backups');
    expect(mailsTo(viewer).at(-1)!.text).not.toContain('disk full');
    expect(mailsTo(outsider)).toEqual([]);
  });

  it('sends nothing while mail is not configured', async () => {
    clock += NOTIFICATION_THROTTLE_MS;
    await t.app.panel.repo.settings.setMany({ [SettingKeys.emailProvider]: 'none' });
    const count = smtp.mails.length;
    await crashOnce();
    expect(smtp.mails).toHaveLength(count);
    expect(t.app.panel.mail.lastFailure).toBeUndefined();
  });
});
