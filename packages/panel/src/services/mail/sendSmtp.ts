import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { MailMessage } from './MailMessage.js';
import { PROVIDER_TIMEOUT_MS } from './MailMessage.js';
import type { SmtpSettings } from './mailSettings.js';

/** A relay on this machine: mail to it never crosses a network, so it need not offer STARTTLS. */
function isLocalRelay(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Hands a mail to an SMTP server with nodemailer: one connection per mail, since mail is rare here. */
export async function sendSmtp(settings: SmtpSettings, message: MailMessage): Promise<void> {
  // STARTTLS is required when chosen, so a server that stops offering it cannot read the password;
  // `auto` takes it whenever offered and requires it of every relay but a local one.
  const requireTLS = settings.tls === 'starttls' || (settings.tls === 'auto' && !isLocalRelay(settings.host));
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS,
    ignoreTLS: settings.tls === 'none',
    auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
    tls: { rejectUnauthorized: !settings.allowSelfSigned },
    connectionTimeout: PROVIDER_TIMEOUT_MS,
    greetingTimeout: PROVIDER_TIMEOUT_MS,
    socketTimeout: PROVIDER_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  } finally {
    transport.close();
  }
}
