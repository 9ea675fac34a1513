import { Type, type Static } from 'typebox';

// Issue 31, item 4: the events a user may be mailed about, for the servers they can see.

/** The events a user may choose to be mailed about, in the order the Account screen lists them. */
export const NOTIFICATION_EVENTS = ['server.crashed', 'server.restart.gaveup', 'server.backup.failed', 'node.offline'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** GET /api/self/notifications, and the body of PUT: the events the caller is mailed about (none at first). */
export const NotificationPreferences = Type.Object({
  events: Type.Array(Type.Enum([...NOTIFICATION_EVENTS]), {
    maxItems: NOTIFICATION_EVENTS.length,
    uniqueItems: true,
    description: 'mailed for the servers the caller can see (node.offline: the nodes they may view, or that hold one of their servers)',
  }),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;
