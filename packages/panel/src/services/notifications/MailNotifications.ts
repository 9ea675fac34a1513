import { NOTIFICATION_EVENTS, OutpostError, Scopes, grants, hasScope, isEmail, serverActionScopes, type ActivityEvents, type ActivityRecord, type NotificationEvent } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { StoredBudget } from '../budgets/StoredBudget.js';
import type { Mailer } from '../mail/Mailer.js';
import { mailLocale } from '../mail/mailLocale.js';
import { isMailConfigured } from '../mail/mailSettings.js';
import { panelLink } from '../mail/panelLink.js';
import type { MailContent, MailKind } from '../mail/renderMail.js';
import { scopesForServer } from '../policy/policy.js';
import { usersNotifiedOf } from './notificationChoices.js';

/** At most one mail per recipient, server (or node) and event this often; more are dropped. */
export const NOTIFICATION_THROTTLE_MS = 10 * 60_000;
/** A crash mail quotes this many of the console's last lines, each cut to LINE_MAX characters. */
const QUOTED_LINES = 20;
const LINE_MAX = 300;
/** A node mail lists this many of the recipient's servers on it. */
const LISTED_SERVERS = 20;

const mailKinds: Record<NotificationEvent, MailKind> = {
  'server.crashed': 'serverCrashed',
  'server.restart.gaveup': 'serverGaveUp',
  'server.backup.failed': 'backupFailed',
  'node.offline': 'nodeOffline',
};

/** One mail to write: to whom, about what (the throttle's key), and what it says beside the common values. */
interface Notice {
  userId: number;
  about: string;
  values: Record<string, string>;
  link: string;
  quote?: string[];
}

// Console lines carry colour codes and other control characters that mean nothing in a mail.
// eslint-disable-next-line no-control-regex
const plainLine = (line: string) => line.replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').slice(0, LINE_MAX);

/** The event's time as the recipient reads it: their language, in UTC (users keep no time zone). */
function mailTime(locale: string, iso: string): string {
  try {
    return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/**
 * Mail notifications (issue 31, item 4): for a crash, a server left stopped after crashing again
 * and again, a failed backup and a node gone offline, a mail to each user who chose that event
 * and may see what it is about, in their language. Everything runs in the mailer's background,
 * so the emitter never waits and a failure is only logged.
 */
export class MailNotifications {
  /** One mail per recipient, server (or node) and event per window, shared by every panel on the database. */
  private readonly throttle: StoredBudget;

  constructor(
    private readonly repo: Repositories,
    private readonly mail: Mailer,
    options: { now?: () => number } = {},
  ) {
    this.throttle = new StoredBudget(repo.attempts, 'notifications.mail', 1, NOTIFICATION_THROTTLE_MS, 'notification mails', options.now);
  }

  attach(events: ActivityEvents): () => void {
    return events.subscribe((record) => {
      if (!NOTIFICATION_EVENTS.includes(record.event as NotificationEvent)) return;
      const kind = mailKinds[record.event as NotificationEvent];
      this.mail.later(kind, () => this.notify(kind, record));
    });
  }

  private async notify(kind: MailKind, record: ActivityRecord): Promise<void> {
    // Checked before any lookup: with no provider there is nobody to work out.
    if (!(await isMailConfigured(this.repo))) return;
    const notices = record.event === 'node.offline' ? await this.nodeNotices(record) : await this.serverNotices(record);
    for (const notice of notices) {
      if (!(await this.take(`${notice.userId}|${notice.about}|${record.event}`))) continue;
      // One mail each, so one address that fails does not keep the others from theirs.
      this.mail.later(kind, () => this.send(kind, record.time, notice));
    }
  }

  /** Whoever may see the server: its own users and the administrators, through the policy's scopes. */
  private async serverNotices(record: ActivityRecord): Promise<Notice[]> {
    const server = record.server ? await this.repo.servers.byId(record.server) : undefined;
    if (!server) return [];
    const link = await panelLink(this.repo, `/server/${encodeURIComponent(server.id)}`);
    const notices: Notice[] = [];
    for (const userId of await usersNotifiedOf(this.repo, record.event)) {
      const held = await scopesForServer(this.repo, userId, server.id);
      if (!grants(held, serverActionScopes.view)) continue;
      // What only some of them may read goes to those alone: the console, a backup's error.
      let quote: string[] | undefined;
      if (record.event === 'server.crashed' && grants(held, serverActionScopes.consoleView)) quote = record.data.lines.slice(-QUOTED_LINES).map(plainLine);
      if (record.event === 'server.backup.failed' && grants(held, serverActionScopes.backupsView)) quote = [plainLine(record.data.error)];
      notices.push({ userId, about: `server:${server.id}`, values: { server: server.name }, link, quote });
    }
    return notices;
  }

  /** Those who may view nodes, and those who see a server on this one (listed in their mail). */
  private async nodeNotices(record: ActivityRecord): Promise<Notice[]> {
    if (record.event !== 'node.offline') return [];
    const nodeId = Number(record.data.node);
    const node = await this.repo.nodes.byId(nodeId);
    const name = node?.name ?? record.data.name ?? String(record.data.node);
    const servers = await this.repo.servers.matching({ nodeId });
    const notices: Notice[] = [];
    for (const userId of await usersNotifiedOf(this.repo, record.event)) {
      const seesNodes = hasScope(await this.repo.permissions.panelScopes(userId), Scopes.NodesView);
      const seen: string[] = [];
      for (const server of servers) {
        if (grants(await scopesForServer(this.repo, userId, server.id), serverActionScopes.view)) seen.push(server.name);
      }
      if (!seesNodes && seen.length === 0) continue;
      const path = seesNodes ? `/node/${nodeId}` : '/server';
      const quote = seen.length > LISTED_SERVERS ? [...seen.slice(0, LISTED_SERVERS), '…'] : seen;
      notices.push({ userId, about: `node:${nodeId}`, values: { node: name }, link: await panelLink(this.repo, path), quote });
    }
    return notices;
  }

  /** True, and counted, when this recipient had no such mail within the throttle. */
  private async take(key: string): Promise<boolean> {
    try {
      await this.throttle.take(key);
      return true;
    } catch (error) {
      if (error instanceof OutpostError && error.code === 'ErrTooManyRequests') return false;
      throw error;
    }
  }

  private async send(kind: MailKind, time: string, notice: Notice): Promise<void> {
    const user = await this.repo.users.byId(notice.userId);
    if (!user || !isEmail(user.email)) return;
    const locale = await mailLocale(this.repo, user.id);
    const content: MailContent = { kind, name: user.username, values: { ...notice.values, time: mailTime(locale, time) }, link: notice.link, quote: notice.quote };
    await this.mail.sendNow(user.email, content, locale);
  }
}
