import { OutpostError, assertPassword } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { Mailer } from './mail/Mailer.js';
import { panelLink } from './mail/panelLink.js';
import { normaliseEmail } from './normaliseEmail.js';
import { hashPassword } from './passwords.js';
import { hashSessionToken, newSessionToken } from './sessionTokens.js';

/** How long a reset link works. */
export const PASSWORD_RESET_MS = 60 * 60_000;

/**
 * Mails a reset link if the email has an account. Everything happens in the background, so the
 * caller answers at once and alike for registered and unknown emails, in body and in timing.
 */
export function requestPasswordReset(repo: Repositories, mail: Mailer, email: string): void {
  mail.later('passwordReset', async () => {
    const user = await repo.users.byEmail(normaliseEmail(email));
    if (!user) return;
    const token = newSessionToken();
    await repo.passwordResets.insert(hashSessionToken(token), user.id, Date.now() + PASSWORD_RESET_MS);
    mail.toUser(user.id, { kind: 'passwordReset', values: {}, link: await panelLink(repo, '/auth/reset', { token }) });
  });
}

/**
 * Sets a new password with a reset link's token, once: the link and every other open link of the
 * user are spent. Answers the user's id, whose sessions the route then ends (endAccess).
 */
export async function resetPassword(repo: Repositories, token: string, password: string): Promise<number> {
  // Checked first, so a password that is too short does not use up the link.
  assertPassword(password);
  const userId = await repo.passwordResets.take(hashSessionToken(token), Date.now());
  if (userId === undefined) throw new OutpostError('ErrTokenInvalid', 'the reset link is invalid, used or expired', undefined, 400);
  await repo.users.update(userId, { passwordHash: await hashPassword(password) });
  await repo.passwordResets.deleteForUser(userId);
  return userId;
}
