import { OutpostError, SettingKeys } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';
import type { Mailer } from './Mailer.js';
import { mailLocale } from './mailLocale.js';

/**
 * Sends the test mail now and waits for the provider, unlike every other mail: the admin wants
 * its answer. A provider's refusal becomes 400 ErrServiceNotAvailable with the provider's words.
 */
export async function sendTestMail(repo: Repositories, mail: Mailer, to: string, caller: { id: number; username: string; email: string }): Promise<void> {
  try {
    // The greeting names the caller only when the mail goes to their own address.
    const name = to === caller.email ? caller.username : undefined;
    await mail.sendNow(to, { kind: 'test', values: {}, name }, await mailLocale(repo, caller.id));
  } catch (error) {
    if (error instanceof OutpostError) throw error;
    const msg = error instanceof Error ? error.message : String(error);
    const provider = await readSetting(repo, SettingKeys.emailProvider);
    throw new OutpostError('ErrServiceNotAvailable', msg, { service: 'email', provider, error: msg }, 400);
  }
}
