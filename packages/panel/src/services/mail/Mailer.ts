import { SettingKeys } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';
import { deliverMail } from './deliverMail.js';
import { mailLocale } from './mailLocale.js';
import { isMailConfigured, readMailSettings } from './mailSettings.js';
import { renderMail, type MailContent, type MailKind } from './renderMail.js';

export interface MailFailure {
  at: number;
  kind: MailKind;
  msg: string;
}

type Log = (details: Record<string, unknown>, msg: string) => void;

/**
 * Sends the panel's mails. `toUser` and `toAddress` return at once and send in the background, so
 * a slow or dead provider never delays or fails the action that sent the mail (nor tells, by
 * timing, whether an address has an account); a failure is logged and kept for admins to see.
 */
export class Mailer {
  /** The last mail that could not be sent; cleared when a later one goes through. */
  lastFailure: MailFailure | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repo: Repositories,
    private readonly log: Log,
  ) {}

  /** Renders and sends one mail now; throws the provider's error, or ErrEmailNotConfigured. */
  async sendNow(to: string, content: MailContent, locale: string): Promise<void> {
    const settings = await readMailSettings(this.repo);
    const company = await readSetting(this.repo, SettingKeys.companyName);
    await deliverMail(settings, await renderMail(locale, to, { ...content, values: { company, ...content.values } }));
  }

  /** Mails a user at their current address, in their language. */
  toUser(userId: number, content: Omit<MailContent, 'name'>): void {
    this.background(content.kind, async () => {
      const user = await this.repo.users.byId(userId);
      if (!user) return;
      await this.sendNow(user.email, { ...content, name: user.username }, await mailLocale(this.repo, userId));
    });
  }

  /** Mails an address (an invitee, or a user's old address), in `userId`'s language or the panel's. */
  toAddress(to: string, content: MailContent, userId?: number): void {
    this.background(content.kind, async () => this.sendNow(to, content, await mailLocale(this.repo, userId)));
  }

  /**
   * Runs work that ends in a mail (looking up the account first, say) in the background too, so
   * the answer comes before the lookup and says nothing by its timing.
   */
  later(kind: MailKind, work: () => Promise<void>): void {
    this.background(kind, work);
  }

  /** Resolves when every mail queued so far has been sent or has failed. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private background(kind: MailKind, send: () => Promise<void>): void {
    const job = (async () => {
      // With no provider chosen there is nothing to send, and nothing failed.
      if (!(await isMailConfigured(this.repo))) return;
      await send();
      this.lastFailure = undefined;
    })()
      .catch((error: unknown) => {
        const msg = error instanceof Error ? error.message : String(error);
        this.lastFailure = { at: Date.now(), kind, msg };
        this.log({ kind, err: msg }, 'a mail could not be sent');
      })
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }
}
