import type { ActivityEvent, ActivityEvents, ActivityRecord } from '@outpost/shared';
import type { ActivityRepository } from '../../db/activity.js';

/** Events wait at most this long before their batch is written. */
const FLUSH_MS = 250;
/**
 * A batch this big is written at once, one insert each. SQLite writes on the event loop, so a big
 * flush is cut into inserts of this size with a turn of the loop between them: requests in
 * flight are answered between two inserts instead of after all of them.
 */
const BATCH_MAX = 50;
/** Entries beyond this many waiting are dropped (and counted) while the database is down. */
const QUEUE_MAX = 20_000;
const SWEEP_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface ActivityLogOptions {
  /** Days an entry is kept (default 90); 0 keeps them for ever. */
  retentionDays?: number;
  /** False keeps nothing: subscribers (webhooks, mail) still get every event. */
  store?: boolean;
  now?: () => number;
  warn?: (details: object, msg: string) => void;
}

/**
 * The one emitter of events (issue 31). emit() hands each event to the subscribers at once and
 * queues it for the log, written in batches (one insert each), so a burst costs little. The
 * retention sweep removes entries older than the configured days.
 */
export class ActivityLog implements ActivityEvents {
  private readonly listeners = new Set<(record: ActivityRecord) => void>();
  private queue: ActivityRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly retentionDays: number;
  dropped = 0;

  constructor(
    private readonly repo: ActivityRepository,
    private readonly options: ActivityLogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.retentionDays = options.retentionDays ?? 90;
  }

  /** `at` (epoch ms) dates an event from when it was asked for, before what it caused (default now). */
  emit(event: ActivityEvent, at = this.now()): void {
    const record = { ...event, time: new Date(at).toISOString() } as ActivityRecord;
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch (error) {
        this.options.warn?.({ err: error, event: record.event }, 'an activity subscriber failed');
      }
    }
    if (this.options.store === false) return;
    if (this.queue.length >= QUEUE_MAX) {
      this.dropped++;
      return;
    }
    this.queue.push(record);
    if (this.queue.length >= BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  subscribe(listener: (record: ActivityRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes what is queued; resolves once every event emitted before the call is stored (or failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_MAX);
        try {
          await this.repo.insertMany(batch);
        } catch (error) {
          this.options.warn?.({ err: error, count: batch.length }, 'activity entries could not be stored');
        }
        if (this.queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    });
    return this.writing;
  }

  /** Removes entries past the retention; answers how many went. */
  async sweep(): Promise<number> {
    if (this.retentionDays <= 0) return 0;
    return this.repo.deleteBefore(this.now() - this.retentionDays * DAY_MS);
  }

  start(): void {
    void this.sweep().catch(() => undefined);
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.flush();
  }
}
