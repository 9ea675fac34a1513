import { OutpostError, serverActionScopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OAuthClientRow } from '../../db/oauthClients.js';
import { endAccess } from '../../services/access/endAccess.js';
import { createOAuthClient } from '../../services/oauthClients.js';
import {
  createSelfClientSchema,
  createServerClientSchema,
  deleteSelfClientSchema,
  deleteServerClientSchema,
  listSelfClientsSchema,
  listServerClientsSchema,
} from './schema.js';

const present = (client: OAuthClientRow) => ({ client_id: client.clientId, name: client.name, description: client.description });
const notFound = (clientId: string) => new OutpostError('ErrClientNotFound', 'client not found', { client: clientId }, 404);

/**
 * /api/self/oauth2 and /api/servers/{id}/oauth2: each person manages their own clients, on the
 * account or on a server they can see. Only a person: a client cannot make or remove clients (the
 * account routes refuse clients in the scopes plugin; the server routes here).
 */
export default async function oauthClientRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  /** The signed-in person (not a client) and a server that exists. */
  async function personOnServer(request: FastifyRequest, serverId: string): Promise<number> {
    const session = request.session!;
    if (session.client) throw new OutpostError('ErrMissingScope', 'OAuth2 clients cannot manage OAuth2 clients', { scope: 'session' });
    // Admins pass the scope check for any id: the server itself must exist.
    if (!(await repo.servers.byId(serverId))) throw new OutpostError('ErrNotFound', `no server ${serverId}`, { server: serverId }, 404);
    return session.userId;
  }

  async function ownClient(userId: number, serverId: string | null, clientId: string): Promise<OAuthClientRow> {
    const client = await repo.oauthClients.byId(clientId);
    if (!client || client.userId !== userId || client.serverId !== serverId) throw notFound(clientId);
    return client;
  }

  r.get('/api/self/oauth2', { schema: listSelfClientsSchema, config: { scope: 'session' } }, async (request) => {
    return (await repo.oauthClients.list(request.session!.userId, null)).map(present);
  });

  /** Tells the owner a client was made or removed: it acts with their permissions. */
  async function mailOwner(userId: number, kind: 'clientCreated' | 'clientDeleted', client: string) {
    const user = await repo.users.byId(userId);
    if (user) app.panel.mail.toUser(userId, { kind, values: { username: user.username, client } });
  }

  r.post('/api/self/oauth2', { schema: createSelfClientSchema, config: { scope: 'session' } }, async (request) => {
    const created = await createOAuthClient(repo, { userId: request.session!.userId, serverId: null }, request.body);
    await mailOwner(request.session!.userId, 'clientCreated', request.body.name?.trim() ?? '');
    return created;
  });

  r.delete('/api/self/oauth2/:id', { schema: deleteSelfClientSchema, config: { scope: 'session' } }, async (request, reply) => {
    const client = await ownClient(request.session!.userId, null, request.params.id);
    await endAccess(request, { ended: 'client', clientId: client.clientId });
    await mailOwner(client.userId, 'clientDeleted', client.name);
    return reply.code(204).send(null);
  });

  const serverConfig = { scope: serverActionScopes.view };

  r.get('/api/servers/:id/oauth2', { schema: listServerClientsSchema, config: serverConfig }, async (request) => {
    const userId = await personOnServer(request, request.params.id);
    return (await repo.oauthClients.list(userId, request.params.id)).map(present);
  });

  r.post('/api/servers/:id/oauth2', { schema: createServerClientSchema, config: serverConfig }, async (request) => {
    const userId = await personOnServer(request, request.params.id);
    const created = await createOAuthClient(repo, { userId, serverId: request.params.id }, request.body);
    await mailOwner(userId, 'clientCreated', request.body.name?.trim() ?? '');
    return created;
  });

  r.delete('/api/servers/:id/oauth2/:clientId', { schema: deleteServerClientSchema, config: serverConfig }, async (request, reply) => {
    const userId = await personOnServer(request, request.params.id);
    const client = await ownClient(userId, request.params.id, request.params.clientId);
    await endAccess(request, { ended: 'client', clientId: client.clientId });
    await mailOwner(userId, 'clientDeleted', client.name);
    return reply.code(204).send(null);
  });
}
