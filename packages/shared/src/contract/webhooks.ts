import { Type, type Static } from 'typebox';
import { ACTIVITY_EVENTS, ActivityActor } from './activity.js';
import { MapOf, ServerId, Text } from './common.js';

// Webhooks (issue 31, item 3): a URL told of chosen activity events, panel-wide (admins) or for
// one server (holders of editServerData there). Deliveries are signed, queued and retried.

export const WEBHOOK_FORMATS = ['json', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The events a server's own hook may choose: those about a server. */
export const SERVER_WEBHOOK_EVENTS = ACTIVITY_EVENTS.filter((event) => event.startsWith('server.'));

export function isServerEvent(event: string): boolean {
  return (SERVER_WEBHOOK_EVENTS as readonly string[]).includes(event);
}

const EventName = Type.Enum([...ACTIVITY_EVENTS]);

/** A hook as listed; its secret is answered once, by the POST that made it. */
export const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(EventName),
  format: Type.Enum([...WEBHOOK_FORMATS]),
  enabled: Type.Boolean(),
  /** The server whose events it gets; null for a panel-wide hook. */
  server: Type.Union([ServerId, Type.Null()]),
});
export type Webhook = Static<typeof Webhook>;

/** POST and PUT bodies: every field, as the form sends them. */
export const WebhookRequest = Type.Object({
  url: Text({ maxLength: 500, description: 'http or https; a loopback, link-local or private address only where panel.security.allowPrivateTargets allows it (else 400 ErrPrivateTarget)' }),
  events: Type.Array(EventName, { minItems: 1, maxItems: ACTIVITY_EVENTS.length, uniqueItems: true, description: "a server's hook: server.* events only" }),
  format: Type.Optional(Type.Enum([...WEBHOOK_FORMATS], { default: 'json', description: "json: Outpost's own body (WebhookBody); discord: a Discord embed" })),
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type WebhookRequest = Static<typeof WebhookRequest>;

/** POST answers the new hook's id and its secret, which is never shown again. */
export const CreatedWebhook = Type.Object({ id: Type.Integer(), secret: Type.String({ description: 'signs every delivery (X-Outpost-Signature); shown only now' }) });
export type CreatedWebhook = Static<typeof CreatedWebhook>;

const HookId = Type.String({ pattern: '^[0-9]{1,10}$' });
/** `{id}` of /api/webhooks/{id}. */
export const WebhookParams = Type.Object({ id: HookId });
/** `{id}` and `{hook}` of /api/servers/{id}/webhooks/{hook}. */
export const ServerWebhookParams = Type.Object({ id: ServerId, hook: HookId });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One delivery of a hook's log: pending (to be tried, again after a failure), delivered (a 2xx
 * answer) or failed (given up: 24 h of retries, or a target the guard refuses).
 */
export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'the X-Outpost-Delivery header it was sent with' }),
  event: Type.String(),
  status: Type.Enum([...WEBHOOK_DELIVERY_STATUSES]),
  time: Type.String({ format: 'date-time', description: 'when the event happened' }),
  attempts: Type.Integer(),
  lastAttempt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  nextAttempt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The receiver's last HTTP status; null when it answered none (unreachable, timed out, refused). */
  answerCode: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** GET .../webhooks/{id}/deliveries: the latest first. */
export const WebhookDeliveryList = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const WebhookDeliveriesQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })) });

/** POST .../webhooks/{id}/test answers the queued delivery's id. */
export const WebhookTestAnswer = Type.Object({ delivery: Type.String() });

/**
 * The body of a `json` delivery, sent as POST with Content-Type application/json and the headers
 * X-Outpost-Event (the event), X-Outpost-Delivery (the delivery id, the same on every retry) and
 * X-Outpost-Signature: sha256=<hex HMAC-SHA256 of the body's bytes, keyed with the hook's secret>.
 * A 2xx answer within 10 s is a delivery; anything else is tried again with back-off for 24 h.
 */
export const WebhookBody = Type.Object(
  {
    delivery: Type.String(),
    webhook: Type.Integer(),
    event: Type.String({ description: 'an activity event name, or webhook.test for a test delivery' }),
    time: Type.String({ format: 'date-time' }),
    actor: ActivityActor,
    server: Type.Union([Type.Object({ id: ServerId, name: Type.String() }), Type.Null()]),
    data: MapOf(Type.Unknown()),
  },
  { description: 'What a json webhook receives; see the headers above' },
);
export type WebhookBody = Static<typeof WebhookBody>;
