import { Type, type TObject } from 'typebox';
import {
  CreatedWebhook,
  NoContent,
  ServerParams,
  ServerWebhookParams,
  Webhook,
  WebhookDeliveriesQuery,
  WebhookDeliveryList,
  WebhookParams,
  WebhookRequest,
  WebhookTestAnswer,
  responses,
} from '@outpost/shared';

const tags = ['webhooks'];
const delivery =
  'Deliveries are POSTed in the background from a queue that survives a restart, retried with back-off for 24 h, each attempt given 10 s. ' +
  'A json hook gets the WebhookBody schema with the headers X-Outpost-Event, X-Outpost-Delivery and X-Outpost-Signature: sha256=<hex HMAC-SHA256 of the body with the secret>; ' +
  'a discord hook gets a Discord embed ({embeds: [{title, description, color, fields, timestamp}]}).';

/** The same five calls and two more for panel-wide hooks (/api/webhooks) and one server's (/api/servers/{id}/webhooks). */
function schemas<P extends TObject, L extends TObject>(params: P, listParams: L, whose: string) {
  const list = { params: listParams };
  return {
    list: { summary: `List ${whose} webhooks`, tags, ...list, response: responses({ 200: Type.Array(Webhook) }) },
    create: {
      summary: `Add a webhook to ${whose}: answers its id and its secret, which is never shown again`,
      description: `A URL on a loopback, link-local or private address is refused (400 ErrPrivateTarget) unless panel.security.allowPrivateTargets allows its range. ${delivery}`,
      tags,
      ...list,
      body: WebhookRequest,
      response: responses({ 201: CreatedWebhook }),
    },
    get: { summary: `One of ${whose} webhooks`, tags, params, response: responses({ 200: Webhook }) },
    update: { summary: `Change one of ${whose} webhooks (its secret stays)`, tags, params, body: WebhookRequest, response: responses({ 200: Webhook }) },
    remove: { summary: `Remove one of ${whose} webhooks with its delivery log`, tags, params, response: responses({ 204: NoContent }) },
    deliveries: { summary: `A webhook's delivery log, the latest first`, tags, params, querystring: WebhookDeliveriesQuery, response: responses({ 200: WebhookDeliveryList }) },
    test: { summary: 'Queue a test delivery (event webhook.test), even to a hook that is turned off', tags, params, response: responses({ 202: WebhookTestAnswer }) },
  };
}

export const panelWebhookSchemas = schemas(WebhookParams, Type.Object({}), "the panel's");
export const serverWebhookSchemas = schemas(ServerWebhookParams, ServerParams, "a server's");
