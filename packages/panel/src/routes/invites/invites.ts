import { assertConfirmation } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { acceptInvitation, findInvitation } from '../../services/acceptInvitation.js';
import { emitFor } from '../../services/activity/emitFor.js';
import { signIn } from '../../services/signIn.js';
import { acceptInviteSchema, getInviteSchema } from './schema.js';

/** /auth/invite: the public side of an invitation to a server (the invite screen's calls). */
export default async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: 'public' as const };

  r.get('/auth/invite/:token', { schema: getInviteSchema, config }, async (request) => {
    const invitation = await findInvitation(repo, request.params.token);
    const server = await repo.servers.byId(invitation.serverId);
    return { email: invitation.email, serverName: server?.name ?? '' };
  });

  r.post('/auth/invite', { schema: acceptInviteSchema, config }, async (request, reply) => {
    assertConfirmation(request.body, 'password');
    const { serverId } = await findInvitation(repo, request.body.token);
    const userId = await acceptInvitation(repo, request.body);
    const answer = await signIn(request, reply, userId);
    const actor = { type: 'user', id: String(userId), name: request.body.username } as const;
    await emitFor(request, { event: 'server.user.invite.accepted', actor, server: serverId, data: { user: { id: userId, username: request.body.username } } });
    return answer;
  });
}
