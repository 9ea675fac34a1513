import type { Repositories } from '../../db/repositories.js';
import type { Mailer } from './Mailer.js';
import { panelLink } from './panelLink.js';

/** Tells a user an administrator created their account, with a link to the login page; in the background. */
export async function sendAccountCreated(repo: Repositories, mail: Mailer, userId: number): Promise<void> {
  const user = await repo.users.byId(userId);
  if (!user) return;
  mail.toUser(userId, { kind: 'accountCreated', values: { username: user.username }, link: await panelLink(repo, '/auth/login') });
}
