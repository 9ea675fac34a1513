import { OutpostError, Scopes, hasScope, type Scope } from '@outpost/shared';
import type { InvitationRow } from '../db/invitations.js';
import type { Repositories } from '../db/repositories.js';
import { assertAvailable, checkNewUser, createUser } from './createUser.js';
import { scopesForServer } from './policy/policy.js';
import { hashSessionToken } from './sessionTokens.js';

const invalidLink = () => new OutpostError('ErrInviteLinkInvalid', 'invite link appears invalid', undefined, 400);

/**
 * What an invitation grants today: its scopes that the inviter still holds on the server, or
 * undefined once the inviter may no longer share it (deleted, or without editServerUsers there).
 * An invitation lends its inviter's rights for a week, so it is read against them when used.
 */
async function stillGranted(repo: Repositories, invitation: InvitationRow): Promise<string[] | undefined> {
  if (invitation.invitedBy === null) return undefined;
  const held = await scopesForServer(repo, invitation.invitedBy, invitation.serverId);
  if (!hasScope(held, Scopes.ServerUsersEdit)) return undefined;
  return invitation.scopes.filter((scope) => hasScope(held, scope as Scope));
}

/**
 * The invitation a link's token stands for; expired, used or forged tokens, and those whose
 * inviter may no longer share the server, answer ErrInviteLinkInvalid.
 */
export async function findInvitation(repo: Repositories, token: string): Promise<InvitationRow> {
  const invitation = await repo.invitations.byHash(hashSessionToken(token));
  if (!invitation || invitation.expiresAt <= Date.now() || !(await stillGranted(repo, invitation))) throw invalidLink();
  return invitation;
}

/**
 * Creates the invitee's account with the invited email and grants the invitation's scopes on
 * its server, as far as the inviter still holds them. The fields are checked before the
 * invitation is used up, so a taken username can be retried; the invitation is then deleted
 * before the account is made, so one link makes one account. Pending invitations of the same
 * email to other servers are granted too, each as far as its own inviter still may.
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
  // Read again: the inviter may have lost the right since the link was checked.
  await repo.permissions.replace(userId, invitation.serverId, (await stillGranted(repo, invitation)) ?? []);
  // Invitations of the same email to other servers come true with the account: their links
  // could no longer make one.
  for (const other of await repo.invitations.ofEmail(invitation.email, Date.now())) {
    if (!(await repo.invitations.take(other.tokenHash))) continue;
    const scopes = await stillGranted(repo, other);
    if (scopes) await repo.permissions.replace(userId, other.serverId, scopes);
  }
  return userId;
}
