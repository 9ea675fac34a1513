import { randomBytes } from 'node:crypto';
import { outboundUrl } from '@outpost/daemon';
import { isServerEvent, OutpostError, type CreatedWebhook, type Webhook, type WebhookRequest } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { WebhookFields, WebhookRow } from '../../db/webhooks.js';
import { panelOutbound } from '../panelOutbound.js';

/** The hooks of one scope: panel-wide (server null) or one server's own. */
type WebhookOwner = { server: string | null };

export function presentWebhook(row: WebhookRow): Webhook {
  return { id: row.id, url: row.url, events: row.events as Webhook['events'], format: row.format, enabled: row.enabled, server: row.serverId };
}

/**
 * A hook's fields, checked: an http(s) URL without credentials whose host the panel's guard lets
 * it reach now (a loopback, link-local or private address only where the admin allows it: 400
 * ErrPrivateTarget), and for a server's hook server events only. The guard checks again at each
 * delivery, as a name may resolve elsewhere later.
 */
async function checkFields(repo: Repositories, owner: WebhookOwner, body: WebhookRequest): Promise<WebhookFields> {
  const url = (() => {
    try {
      return outboundUrl(body.url.trim());
    } catch (error) {
      throw new OutpostError('ErrFieldIsInvalidHost', 'must be an http or https URL', { field: 'url' }, (error as OutpostError).status);
    }
  })();
  if (url.username || url.password) throw new OutpostError('ErrFieldIsInvalidHost', 'must not carry a user name or password', { field: 'url' });
  try {
    await panelOutbound(repo).pin(url.hostname);
  } catch (error) {
    if (error instanceof OutpostError) throw new OutpostError(error.code, error.message, { ...error.metadata, field: 'url' }, error.status);
    throw new OutpostError('ErrFieldIsInvalidHost', `${url.hostname} cannot be resolved`, { field: 'url', host: url.hostname });
  }
  const foreign = owner.server === null ? undefined : body.events.find((event) => !isServerEvent(event));
  if (foreign) throw new OutpostError('ErrNoPermission', `a server's webhook takes server events only, not ${foreign}`, { field: 'events', value: foreign });
  return { url: url.href, events: [...body.events], format: body.format ?? 'json', enabled: body.enabled ?? true };
}

/** A hook of this owner, or 404 (another server's hook is not found, as it is not theirs). */
export async function webhookOf(repo: Repositories, owner: WebhookOwner, id: string): Promise<WebhookRow> {
  const row = await repo.webhooks.byId(Number(id));
  if (!row || row.serverId !== owner.server) throw new OutpostError('ErrNotFound', `no webhook ${id}`, { id }, 404);
  return row;
}

/** Makes a hook; answers its secret, which nothing answers again. */
export async function createWebhook(repo: Repositories, owner: WebhookOwner, body: WebhookRequest): Promise<CreatedWebhook> {
  if (owner.server !== null && !(await repo.servers.byId(owner.server))) throw new OutpostError('ErrNotFound', 'server not found', { id: owner.server }, 404);
  const fields = await checkFields(repo, owner, body);
  const secret = randomBytes(32).toString('hex');
  const id = await repo.webhooks.insert(owner.server, fields, secret);
  return { id, secret };
}

export async function updateWebhook(repo: Repositories, owner: WebhookOwner, id: string, body: WebhookRequest): Promise<Webhook> {
  const row = await webhookOf(repo, owner, id);
  const fields = await checkFields(repo, owner, body);
  await repo.webhooks.update(row.id, fields);
  return presentWebhook({ ...row, ...fields });
}

export async function deleteWebhook(repo: Repositories, owner: WebhookOwner, id: string): Promise<void> {
  const row = await webhookOf(repo, owner, id);
  await repo.webhooks.delete(row.id);
}
