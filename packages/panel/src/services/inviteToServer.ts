import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { Mailer } from './mail/Mailer.js';
import { isMailConfigured } from './mail/mailSettings.js';
import { panelLink } from './mail/panelLink.js';
import { hashSessionToken, newSessionToken } from './sessionTokens.js';

/** How long an invitation link works. */
export const INVITATION_MS = 7 * 24 * 60 * 60_000;

/**
 * Invites an email without an account to a server with the given per-server scopes: stores the
 * invitation (replacing an earlier one to the same server) and mails the link in the background.
 * Without a mail provider there is no way to reach the invitee: ErrEmailNotConfigured.
 */
export async function inviteToServer(
  repo: Repositories,
  mail: Mailer,
  invitation: { email: string; serverId: string; scopes: string[]; inviterId: number },
): Promise<void> {
  if (!(await isMailConfigured(repo))) throw new OutpostError('ErrEmailNotConfigured', 'email not configured', { email: invitation.email });
  const server = await repo.servers.byId(invitation.serverId);
  if (!server) throw new OutpostError('ErrNotFound', 'server not found', { id: invitation.serverId }, 404);
  const token = newSessionToken();
  await repo.invitations.replace({
    tokenHash: hashSessionToken(token),
    email: invitation.email,
    serverId: invitation.serverId,
    scopes: invitation.scopes,
    invitedBy: invitation.inviterId,
    expiresAt: Date.now() + INVITATION_MS,
  });
  const inviter = await repo.users.byId(invitation.inviterId);
  mail.toAddress(invitation.email, {
    kind: 'invitation',
    values: { inviter: inviter?.username ?? '', server: server.name },
    link: await panelLink(repo, '/auth/invite', { token }),
  });
}
