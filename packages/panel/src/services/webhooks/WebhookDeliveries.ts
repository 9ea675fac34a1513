import { randomUUID } from 'node:crypto';
import { OutpostError, SYSTEM_ACTOR, type ActivityEvents, type ActivityRecord } from '@outpost/shared';
import type { WebhookDeliveryRow } from '../../db/webhookDeliveries.js';
import type { Repositories } from '../../db/repositories.js';
import type { WebhookRow } from '../../db/webhooks.js';
import { panelOutbound } from '../panelOutbound.js';
import { signBody, webhookBody, type WebhookMessage } from './webhookBodies.js';

/** How deliveries are timed; tests shorten the back-off. */
export interface WebhookTiming {
  /** The wait after the first failure; each later one doubles it, up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** A delivery still failing this long after its event is given up. */
  giveUpAfterMs: number;
  /** A receiver that has not answered by then has failed this attempt. */
  timeoutMs: number;
}

export const WEBHOOK_TIMING: WebhookTiming = { firstRetryMs: 10_000, maxRetryMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000, timeoutMs: 10_000 };

/** Deliveries sent at once; the rest wait their turn in the table. */
const PARALLEL = 8;
/** The longest the queue sleeps without looking at the table (another panel on the same database may have queued). */
const MAX_SLEEP_MS = 30_000;
/** Finished deliveries are kept in the hooks' logs this long. */
const LOG_DAYS = 30;
const ERROR_MAX = 500;

const TEST_EVENT = 'webhook.test';

/**
 * The webhooks' delivery queue. Each event a hook chose becomes a row of webhook_deliveries
 * before anything is sent, holding the exact body, so a restart loses nothing and a retry is
 * signed the same. A row is claimed by moving its next attempt past the timeout, so one panel
 * process (of several on one database) sends it at a time, and a process that dies mid-send
 * leaves it due again. Every request goes through the panel's private-address guard.
 */
export class WebhookDeliveries {
  private timer: NodeJS.Timeout | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private stopped = true;
  private ticking = false;
  private again = false;
  private readonly sending = new Map<string, Promise<void>>();
  private readonly queueing = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly repo: Repositories,
    private readonly timing: WebhookTiming = WEBHOOK_TIMING,
    private readonly warn: (details: object, msg: string) => void = () => undefined,
  ) {}

  /** Queues a delivery of each event to every enabled hook that chose it. */
  attach(events: ActivityEvents): () => void {
    return events.subscribe((record) => {
      const queued = this.enqueue(record)
        .catch((error: unknown) => this.warn({ err: error, event: record.event }, 'webhook deliveries not queued'))
        .finally(() => this.queueing.delete(queued));
      this.queueing.add(queued);
    });
  }

  start(): void {
    this.stopped = false;
    this.kick();
    this.sweep = setInterval(() => void this.repo.webhookDeliveries.deleteFinishedBefore(Date.now() - LOG_DAYS * 86_400_000).catch(() => undefined), 60 * 60_000);
    this.sweep.unref();
  }

  /** Stops sending; a delivery cut short stays pending and is sent again by the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.sweep);
    // Events already emitted are queued (in the table) before the database closes.
    await Promise.allSettled(this.queueing);
    this.abort.abort();
    await Promise.allSettled(this.sending.values());
  }

  async enqueue(record: ActivityRecord): Promise<void> {
    const hooks = (await this.repo.webhooks.enabled()).filter((hook) => hook.events.includes(record.event) && (hook.serverId === null || hook.serverId === record.server));
    if (hooks.length === 0) return;
    const server = await this.serverOf(record);
    for (const hook of hooks) {
      await this.queue(hook, { event: record.event, time: record.time, actor: record.actor, server, data: record.data as Record<string, unknown> });
    }
    this.kick();
  }

  /** Queues a test delivery to one hook (enabled or not); answers its id. */
  async sendTest(hook: WebhookRow): Promise<string> {
    const server = hook.serverId === null ? null : await this.serverOf({ server: hook.serverId });
    const id = await this.queue(hook, { event: TEST_EVENT, time: new Date().toISOString(), actor: SYSTEM_ACTOR, server, data: { message: 'A test delivery from Outpost' } });
    this.kick();
    return id;
  }

  private async serverOf(record: { server?: string | null }): Promise<WebhookMessage['server']> {
    if (!record.server) return null;
    const row = await this.repo.servers.byId(record.server);
    return { id: record.server, name: row?.name ?? '' };
  }

  private async queue(hook: WebhookRow, message: Omit<WebhookMessage, 'delivery' | 'webhook'>): Promise<string> {
    const id = randomUUID();
    const body = webhookBody(hook.format, { delivery: id, webhook: hook.id, ...message });
    try {
      await this.repo.webhookDeliveries.insert({ id, webhookId: hook.id, event: message.event, body, createdAt: Date.now() });
    } catch (error) {
      // The hook (or its server) was deleted since it was read: nothing to deliver.
      if (!(await this.repo.webhooks.byId(hook.id))) return id;
      throw error;
    }
    return id;
  }

  /** Looks at the table now (a delivery was queued, or one finished). */
  private kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    try {
      do {
        this.again = false;
        const room = PARALLEL - this.sending.size;
        if (room <= 0 || this.stopped) break;
        for (const delivery of await this.repo.webhookDeliveries.due(Date.now(), room)) this.send(delivery);
      } while (this.again);
      if (!this.stopped && this.sending.size < PARALLEL) {
        const next = await this.repo.webhookDeliveries.nextDue();
        const wait = next === undefined ? MAX_SLEEP_MS : Math.min(Math.max(next - Date.now(), 0), MAX_SLEEP_MS);
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.tick(), wait);
      }
    } catch (error) {
      this.warn({ err: error }, 'webhook queue');
      if (!this.stopped) this.timer = setTimeout(() => void this.tick(), 1000);
    } finally {
      this.ticking = false;
    }
  }

  private send(delivery: WebhookDeliveryRow): void {
    if (this.sending.has(delivery.id)) return;
    const sent = this.attempt(delivery)
      .catch((error: unknown) => this.warn({ err: error, delivery: delivery.id }, 'webhook delivery'))
      .finally(() => {
        this.sending.delete(delivery.id);
        this.kick();
      });
    this.sending.set(delivery.id, sent);
  }

  private async attempt(delivery: WebhookDeliveryRow): Promise<void> {
    const deliveries = this.repo.webhookDeliveries;
    // Claimed until the attempt is over: no other process sends it, and it is due again if this one dies.
    if (!(await deliveries.claim(delivery, Date.now() + this.timing.timeoutMs + 5000))) return;
    const hook = await this.repo.webhooks.byId(delivery.webhookId);
    if (!hook) return;
    const started = Date.now();
    if (!hook.enabled && delivery.event !== TEST_EVENT) {
      await deliveries.recordAttempt(delivery.id, started, { status: 'failed', nextAttemptAt: null, answerCode: null, error: 'the webhook is turned off' });
      return;
    }
    let answerCode: number | null = null;
    let error: string | null = null;
    let final = false;
    let retryAfterMs = 0;
    try {
      const response = await panelOutbound(this.repo).fetch(hook.url, {
        method: 'POST',
        maxRedirects: 0,
        signal: AbortSignal.any([AbortSignal.timeout(this.timing.timeoutMs), this.abort.signal]),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Outpost-Webhooks',
          'x-outpost-event': delivery.event,
          'x-outpost-delivery': delivery.id,
          'x-outpost-signature': signBody(delivery.body, hook.secret),
        },
        body: delivery.body,
      });
      answerCode = response.status;
      // A rate-limited receiver (Discord answers 429) says when to come back.
      if (response.status === 429) retryAfterMs = Number(response.headers.get('retry-after') ?? 0) * 1000 || 0;
      await response.body?.cancel();
      if (response.status < 200 || response.status > 299) error = `answered ${response.status}`;
    } catch (cause) {
      if (this.abort.signal.aborted) {
        // The panel is closing: given back untried, for the next start to send at once.
        await deliveries.release(delivery.id, started);
        return;
      }
      const reason = cause instanceof Error ? cause : new Error(String(cause));
      // A target the guard refuses stays refused until an admin allows it: not retried.
      final = reason instanceof OutpostError && reason.code === 'ErrPrivateTarget';
      error = reason.name === 'TimeoutError' ? `no answer within ${this.timing.timeoutMs / 1000} s` : reason.message;
    }
    const now = Date.now();
    if (error === null) {
      await deliveries.recordAttempt(delivery.id, now, { status: 'delivered', nextAttemptAt: null, answerCode, error: null });
      return;
    }
    const deadline = delivery.createdAt + this.timing.giveUpAfterMs;
    const backoff = Math.min(this.timing.firstRetryMs * 2 ** delivery.attempts, this.timing.maxRetryMs);
    const next = Math.min(now + Math.max(backoff, retryAfterMs), deadline);
    const giveUp = final || now >= deadline;
    await deliveries.recordAttempt(delivery.id, now, { status: giveUp ? 'failed' : 'pending', nextAttemptAt: giveUp ? null : next, answerCode, error: error.slice(0, ERROR_MAX) });
  }
}
