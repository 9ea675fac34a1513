import nodemailer from 'nodemailer';
import type { MailMessage } from './MailMessage.js';
import { PROVIDER_TIMEOUT_MS } from './MailMessage.js';
import type { SmtpSettings } from './mailSettings.js';

/** Hands a mail to an SMTP server with nodemailer: one connection per mail, since mail is rare here. */
export async function sendSmtp(settings: SmtpSettings, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    // STARTTLS is required when chosen, so a server that stops offering it cannot read the password.
    requireTLS: settings.tls === 'starttls',
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
