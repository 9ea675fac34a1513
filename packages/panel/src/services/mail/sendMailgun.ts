import type { MailMessage } from './MailMessage.js';
import { fetchProvider } from './fetchProvider.js';
import type { MailgunSettings } from './mailSettings.js';
import { providerError } from './providerError.js';

/** Mailgun's messages API: POST /v3/{domain}/messages, form fields, basic auth as "api" with the key. */
export async function sendMailgun(settings: MailgunSettings, message: MailMessage): Promise<void> {
  const url = new URL(`/v3/${encodeURIComponent(settings.domain)}/messages`, settings.apiUrl);
  const body = new URLSearchParams({ from: settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  const res = await fetchProvider('Mailgun', url, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`api:${settings.key}`).toString('base64')}` },
    body,
  });
  if (!res.ok) throw await providerError('Mailgun', res);
}
