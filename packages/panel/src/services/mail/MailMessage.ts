/** One mail, ready for any provider: a single recipient, a plain-text part and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How long a provider may take to accept a mail before it counts as down. */
export const PROVIDER_TIMEOUT_MS = 15_000;
