import { OutpostError } from '@outpost/shared';
import type { InvitationRow } from '../db/invitations.js';
import type { Repositories } from '../db/repositories.js';
import { assertAvailable, checkNewUser, createUser } from './createUser.js';
import { hashSessionToken } from './sessionTokens.js';

const invalidLink = () => new OutpostError('ErrInviteLinkInvalid', 'invite link appears invalid', undefined, 400);

/** The invitation a link's token stands for; expired, used or forged tokens answer ErrInviteLinkInvalid. */
export async function findInvitation(repo: Repositories, token: string): Promise<InvitationRow> {
  const invitation = await repo.invitations.byHash(hashSessionToken(token));
  if (!invitation || invitation.expiresAt <= Date.now()) throw invalidLink();
  return invitation;
}

/**
 * Creates the invitee's account with the invited email and grants exactly the invitation's
 * scopes on its server. The fields are checked before the invitation is used up, so a taken
 * username can be retried; the invitation is then deleted before the account is made, so one
 * link makes one account. Pending invitations of the same email to other servers are granted too.
 */
export async function acceptInvitation(repo: Repositories, input: { token: string; username: string; password: string }): Promise<number> {
  const invitation = await findInvitation(repo, input.token);
  const user = checkNewUser({ username: input.username, email: invitation.email, password: input.password });
  await assertAvailable(repo, { username: user.username });
  if (await repo.users.byEmail(invitation.email)) {
    throw new OutpostError('ErrSavingInviteduser', "error creating the invited user's account", { field: 'email' }, 409);
  }
  if (!(await repo.invitations.take(invitation.tokenHash))) throw invalidLink();
  const userId = await createUser(repo, user);
  await repo.permissions.replace(userId, invitation.serverId, invitation.scopes);
  // Invitations of the same email to other servers come true with the account: their links
  // could no longer make one.
  for (const other of await repo.invitations.ofEmail(invitation.email, Date.now())) {
    if (await repo.invitations.take(other.tokenHash)) await repo.permissions.replace(userId, other.serverId, other.scopes);
  }
  return userId;
}
