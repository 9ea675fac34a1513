import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { readNotificationChoices, saveNotificationChoices } from '../../services/notifications/notificationChoices.js';
import { getNotificationsSchema, putNotificationsSchema } from './schema.js';

/** /api/self/notifications: which events the caller is mailed about (services/notifications/). */
export default async function selfNotificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  // As /api/self: an account's OAuth2 client reads the choice; changing it stays with the person.
  r.get('/api/self/notifications', { schema: getNotificationsSchema, config: { scope: 'session', clients: 'account' } }, async (request) => {
    return { events: await readNotificationChoices(repo, request.session!.userId) };
  });

  r.put('/api/self/notifications', { schema: putNotificationsSchema, config: { scope: 'session' } }, async (request) => {
    return { events: await saveNotificationChoices(repo, request.session!.userId, request.body.events) };
  });
}
