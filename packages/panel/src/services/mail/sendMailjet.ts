import type { MailMessage } from './MailMessage.js';
import { fetchProvider } from './fetchProvider.js';
import type { MailjetSettings } from './mailSettings.js';
import { providerError } from './providerError.js';

/** "Name <addr>" or "addr" as Mailjet's address object. */
function mailjetAddress(value: string): { Email: string; Name?: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (!match) return { Email: value.trim() };
  return match[1] ? { Email: match[2]!.trim(), Name: match[1] } : { Email: match[2]!.trim() };
}

/** Mailjet's Send API v3.1: POST /v3.1/send, a JSON Messages array, basic auth with the key and secret. */
export async function sendMailjet(settings: MailjetSettings, message: MailMessage): Promise<void> {
  const res = await fetchProvider('Mailjet', new URL('/v3.1/send', settings.apiUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.key}:${settings.secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      Messages: [
        {
          From: mailjetAddress(settings.from),
          To: [{ Email: message.to }],
          Subject: message.subject,
          TextPart: message.text,
          HTMLPart: message.html,
        },
      ],
    }),
  });
  if (!res.ok) throw await providerError('Mailjet', res);
  // A 200 can still carry a failed message.
  const body = (await res.json().catch(() => ({}))) as { Messages?: { Status?: string; Errors?: { ErrorMessage?: string }[] }[] };
  const first = body.Messages?.[0];
  if (first && first.Status !== 'success') throw new Error(`Mailjet refused the mail: ${first.Errors?.[0]?.ErrorMessage ?? first.Status}`);
}
