import type { MailMessage } from './MailMessage.js';
import type { MailSettings } from './mailSettings.js';
import { sendMailgun } from './sendMailgun.js';
import { sendMailjet } from './sendMailjet.js';
import { sendSmtp } from './sendSmtp.js';

/** Hands one mail to the chosen provider; throws the provider's error. */
export async function deliverMail(settings: Exclude<MailSettings, { provider: 'none' }>, message: MailMessage): Promise<void> {
  switch (settings.provider) {
    case 'smtp':
      return sendSmtp(settings, message);
    case 'mailgun':
      return sendMailgun(settings, message);
    case 'mailjet':
      return sendMailjet(settings, message);
  }
}
