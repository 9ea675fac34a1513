import { rtlLocales, type Locale } from '@outpost/shared';
import type { MailMessage } from './MailMessage.js';
import { mailTranslator } from './mailCatalogue.js';

/** The mails the panel sends, each a section of the catalogue's "mail" area. */
export type MailKind =
  | 'test'
  | 'invitation'
  | 'serverAdded'
  | 'serverRemoved'
  | 'serverDeleted'
  | 'accountCreated'
  | 'emailChanged'
  | 'passwordChanged'
  | 'otpEnabled'
  | 'otpDisabled'
  | 'clientCreated'
  | 'clientDeleted'
  | 'passwordReset'
  | 'serverCrashed'
  | 'serverGaveUp'
  | 'backupFailed'
  | 'nodeOffline';

/** Mails about a change to the account itself end with what to do if it was not the owner. */
const securityKinds: readonly MailKind[] = ['emailChanged', 'passwordChanged', 'otpEnabled', 'otpDisabled', 'clientCreated', 'clientDeleted'];
/** Mails someone may get without asking end with "you can ignore it". */
const unaskedKinds: readonly MailKind[] = ['invitation', 'passwordReset'];

export interface MailContent {
  kind: MailKind;
  /** The recipient's username, for the greeting; absent for an email without an account. */
  name?: string;
  /** Placeholders of the mail's texts. */
  values: Record<string, string>;
  /** The address of the mail's button, when it has one. */
  link?: string;
  /** Lines shown as they are after the body (a crash's last console lines), untranslated. */
  quote?: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One mail in the recipient's language, as plain text and as HTML built from the same paragraphs. */
export async function renderMail(locale: string, to: string, content: MailContent): Promise<MailMessage> {
  const t = await mailTranslator(locale);
  const { kind, values, link } = content;
  const greeting = content.name ? t('mail.greeting', { name: content.name }) : t('mail.greetingNoName');
  const after = securityKinds.includes(kind) ? [t('mail.notYou')] : unaskedKinds.includes(kind) ? [t('mail.ignore')] : [];
  const body = t(`mail.${kind}.body`, values);
  const action = link ? t(`mail.${kind}.action`, values) : undefined;
  const signature = t('mail.signature', values);

  const quote = content.quote?.length ? content.quote : undefined;

  const text = [greeting, body, ...(quote ? [quote.map((line) => `> ${line}`).join('\n')] : []), ...(link ? [`${action}: ${link}`] : []), ...after, signature].join('\n\n') + '\n';
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(action!)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#666666">${escapeHtml(link)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${escapeHtml(locale.replace('_', '-'))}"${rtlLocales.includes(locale as Locale) ? ' dir="rtl"' : ''}><body style="font-family:sans-serif;font-size:14px;color:#222222">` +
    paragraph(greeting) +
    paragraph(body) +
    (quote
      ? `<pre style="margin:0 0 16px;padding:8px 12px;background:#f1f3f5;font-size:12px;white-space:pre-wrap;word-break:break-all">${escapeHtml(quote.join('\n'))}</pre>`
      : '') +
    button +
    after.map(paragraph).join('') +
    paragraph(signature) +
    `</body></html>`;
  return { to, subject: t(`mail.${kind}.subject`, values), text, html };
}
