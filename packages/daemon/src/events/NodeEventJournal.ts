import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NodeEvent, NodeEventBatch, NodeEventEntry } from '@outpost/shared';

export interface NodeEventJournalOptions {
  /** How many events are kept (default 10,000); older ones are dropped first. */
  maxEvents?: number;
  /** About how many bytes of JSON they may take (default 8 MiB): a crash carries console lines. */
  maxBytes?: number;
  /** How many events one read answers at most (default 200); the reader asks again for the rest. */
  maxRead?: number;
}

/** What a read asks: its position, and how long to hold the answer when nothing is new. */
export interface JournalRead {
  /** The last number the reader has; left out, the reader starts from now on (answered at once, without waiting). */
  after?: number;
  /** The journal the reader's number is from; another one means the daemon restarted. */
  boot?: string;
  waitMs?: number;
  /** Ends the wait early (the reader went away). */
  signal?: AbortSignal;
}

/**
 * The node's events of its servers, numbered from 1 in this start of the daemon (`boot`, random
 * per start, so a reader knows the numbering restarted), the last ones kept in memory for the panel
 * to read at its pace: a remote node's events reach the activity log through it (issue 31).
 */
export class NodeEventJournal {
  readonly boot = randomUUID();
  // A duration, not a date: the panel compares it with its own uptime, whatever either clock says.
  private readonly startedAt = performance.now();
  private entries: { entry: NodeEventEntry; bytes: number }[] = [];
  private bytes = 0;
  private last = 0;
  private closed = false;
  private readonly waiters = new Set<() => void>();
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private readonly maxRead: number;

  constructor(options: NodeEventJournalOptions = {}) {
    this.maxEvents = options.maxEvents ?? 10_000;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.maxRead = options.maxRead ?? 200;
  }

  /** Keeps an event under the next number and wakes the readers waiting for one. */
  append(event: NodeEvent): void {
    const entry = { seq: ++this.last, time: new Date().toISOString(), event: structuredClone(event) };
    const bytes = JSON.stringify(entry).length;
    this.entries.push({ entry, bytes });
    this.bytes += bytes;
    let drop = 0;
    while (this.entries.length - drop > this.maxEvents || (this.bytes > this.maxBytes && this.entries.length - drop > 1)) {
      this.bytes -= this.entries[drop].bytes;
      drop++;
    }
    if (drop > 0) this.entries.splice(0, drop);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /**
   * The events after the reader's position, at once when there are some, else once one comes or
   * `waitMs` has passed (or the journal closed). A position this journal cannot have given (another
   * boot, a number beyond its last) reads from its oldest kept event; `lost` counts what is gone.
   */
  async read({ after, boot, waitMs = 0, signal }: JournalRead): Promise<NodeEventBatch> {
    const from = after === undefined ? this.last : (boot !== undefined && boot !== this.boot) || after > this.last ? 0 : after;
    // A reader with no number learns its position at once, so nothing it is later told about is missed.
    if (after !== undefined && !this.hasAfter(from) && waitMs > 0 && !this.closed && !signal?.aborted) await this.waitForEvent(waitMs, signal);
    const oldest = this.entries[0]?.entry.seq ?? this.last + 1;
    const lost = Math.max(0, oldest - 1 - from);
    const start = this.entries.findIndex(({ entry }) => entry.seq > from);
    const events = start < 0 ? [] : this.entries.slice(start, start + this.maxRead).map(({ entry }) => entry);
    return { boot: this.boot, age: (performance.now() - this.startedAt) / 1000, events, next: events.at(-1)?.seq ?? Math.max(from, oldest - 1), ...(lost > 0 && { lost }) };
  }

  /** Answers every waiting read now (the daemon is stopping) and every later one without waiting. */
  close(): void {
    this.closed = true;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  private hasAfter(seq: number): boolean {
    return this.last > seq;
  }

  private waitForEvent(waitMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
