import { Scopes, serverActionScopes, type WebhookDelivery } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { WebhookDeliveryRow } from '../../db/webhookDeliveries.js';
import { createWebhook, deleteWebhook, presentWebhook, updateWebhook, webhookOf } from '../../services/webhooks/saveWebhook.js';
import { panelWebhookSchemas, serverWebhookSchemas } from './schema.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    time: new Date(row.createdAt).toISOString(),
    attempts: row.attempts,
    lastAttempt: iso(row.lastAttemptAt),
    nextAttempt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    answerCode: row.answerCode,
    error: row.error,
  };
}

/**
 * /api/webhooks: the panel's own hooks, for admins; /api/servers/{id}/webhooks: one server's,
 * for holders of editServerData there, who see and touch no other server's (a hook id of
 * another server is not found).
 */
export default async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const panel = { scope: Scopes.ServersAdmin };
  const server = { scope: serverActionScopes.webhooksEdit };
  const panelOwner = { server: null };

  r.get('/api/webhooks', { schema: panelWebhookSchemas.list, config: panel }, async () => (await repo.webhooks.list(null)).map(presentWebhook));
  r.post('/api/webhooks', { schema: panelWebhookSchemas.create, config: panel }, async (request, reply) => reply.code(201).send(await createWebhook(repo, panelOwner, request.body)));
  r.get('/api/webhooks/:id', { schema: panelWebhookSchemas.get, config: panel }, async (request) => presentWebhook(await webhookOf(repo, panelOwner, request.params.id)));
  r.put('/api/webhooks/:id', { schema: panelWebhookSchemas.update, config: panel }, (request) => updateWebhook(repo, panelOwner, request.params.id, request.body));
  r.delete('/api/webhooks/:id', { schema: panelWebhookSchemas.remove, config: panel }, async (request, reply) => {
    await deleteWebhook(repo, panelOwner, request.params.id);
    return reply.code(204).send(null);
  });
  r.get('/api/webhooks/:id/deliveries', { schema: panelWebhookSchemas.deliveries, config: panel }, async (request) => {
    const hook = await webhookOf(repo, panelOwner, request.params.id);
    return { deliveries: (await repo.webhookDeliveries.ofWebhook(hook.id, request.query.limit ?? 50)).map(presentDelivery) };
  });
  r.post('/api/webhooks/:id/test', { schema: panelWebhookSchemas.test, config: panel }, async (request, reply) => {
    const hook = await webhookOf(repo, panelOwner, request.params.id);
    return reply.code(202).send({ delivery: await app.panel.webhooks.sendTest(hook) });
  });

  const ownerOf = (params: { id: string }) => ({ server: params.id });
  r.get('/api/servers/:id/webhooks', { schema: serverWebhookSchemas.list, config: server }, async (request) => (await repo.webhooks.list(request.params.id)).map(presentWebhook));
  r.post('/api/servers/:id/webhooks', { schema: serverWebhookSchemas.create, config: server }, async (request, reply) => {
    return reply.code(201).send(await createWebhook(repo, ownerOf(request.params), request.body));
  });
  r.get('/api/servers/:id/webhooks/:hook', { schema: serverWebhookSchemas.get, config: server }, async (request) => presentWebhook(await webhookOf(repo, ownerOf(request.params), request.params.hook)));
  r.put('/api/servers/:id/webhooks/:hook', { schema: serverWebhookSchemas.update, config: server }, (request) => updateWebhook(repo, ownerOf(request.params), request.params.hook, request.body));
  r.delete('/api/servers/:id/webhooks/:hook', { schema: serverWebhookSchemas.remove, config: server }, async (request, reply) => {
    await deleteWebhook(repo, ownerOf(request.params), request.params.hook);
    return reply.code(204).send(null);
  });
  r.get('/api/servers/:id/webhooks/:hook/deliveries', { schema: serverWebhookSchemas.deliveries, config: server }, async (request) => {
    const hook = await webhookOf(repo, ownerOf(request.params), request.params.hook);
    return { deliveries: (await repo.webhookDeliveries.ofWebhook(hook.id, request.query.limit ?? 50)).map(presentDelivery) };
  });
  r.post('/api/servers/:id/webhooks/:hook/test', { schema: serverWebhookSchemas.test, config: server }, async (request, reply) => {
    const hook = await webhookOf(repo, ownerOf(request.params), request.params.hook);
    return reply.code(202).send({ delivery: await app.panel.webhooks.sendTest(hook) });
  });
}
