/** What a replay answers: the text since the asked epoch, and the epoch to ask from next time. */
export interface ConsoleReplay {
  logs: string[];
  epoch: number;
}

/** A batch of live text, its epoch, and the number of its first chunk (chunks are numbered in the order they came, from 0). */
export type ConsoleListener = (logs: string[], epoch: number, first: number) => void;

// Spec server-page.md section 9: the buffer holds 4194304 characters and is cut back to 2097152.
export const CONSOLE_LIMIT = 4_194_304;
export const CONSOLE_TRIM_TO = 2_097_152;

/**
 * Most characters in one live batch (a single larger chunk goes alone). Every subscriber's frame
 * is encoded from its batch: past about 128 KiB a string or buffer is mapped fresh from the OS and
 * page-faulted in, and a flood of 500 KiB batches spent a fifth of the panel's CPU on that
 * (perf, `npm run bench:console`). 16 Ki characters measured best among 16, 64 and unlimited.
 */
export const CONSOLE_BATCH_CHARS = 16_384;

/**
 * A server's console: a bounded log of output chunks, each stamped with epoch ms, plus live
 * delivery to subscribers. Appends are O(1); trimming drops whole chunks from the front by
 * moving a head index and compacts the arrays only when half of them is dead, so the cost is
 * amortised O(1). Live delivery is batched per event-loop turn: a flood of small pipe reads
 * becomes a few calls per subscriber per turn instead of one per read, each batch at most
 * CONSOLE_BATCH_CHARS.
 */
export class ConsoleBuffer {
  private texts: string[] = [];
  private times: number[] = [];
  private head = 0;
  private size = 0;
  private readonly listeners = new Set<ConsoleListener>();
  private pending: string[] = [];
  private pendingTimes: number[] = [];
  private flushScheduled = false;
  /** Chunks appended (and restored) so far: the newest held chunk is number `appended - 1`. */
  private appended = 0;

  constructor(
    private readonly limit = CONSOLE_LIMIT,
    private readonly trimTo = CONSOLE_TRIM_TO,
  ) {}

  /** Characters held now (the unit the limits count in). */
  get length(): number {
    return this.size;
  }

  append(text: string): void {
    if (text.length === 0) return;
    const now = Date.now();
    this.texts.push(text);
    this.times.push(now);
    this.appended++;
    this.size += text.length;
    if (this.size > this.limit) this.trim();
    if (this.listeners.size === 0) return;
    this.pending.push(text);
    this.pendingTimes.push(now);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Everything stamped after `since` (all of it without), and the newest stamp. */
  replay(since?: number): ConsoleReplay {
    const end = this.texts.length;
    let start = this.head;
    if (since !== undefined && Number.isFinite(since)) {
      // Stamps never decrease: binary search for the first one after `since`.
      let lo = this.head;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.times[mid] <= since) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    return { logs: this.texts.slice(start, end), epoch: end > this.head ? this.times[end - 1] : (since ?? Date.now()) };
  }

  /** The number of the newest chunk held now (-1 before any): what a replay made now reaches. */
  get newest(): number {
    return this.appended - 1;
  }

  /** The chunks held, oldest first, each with its stamp: what the daemon keeps across a restart. */
  saved(): [number, string][] {
    return this.texts.slice(this.head).map((text, i) => [this.times[this.head + i], text]);
  }

  /**
   * Puts saved chunks back in front of anything newer (a daemon restart), keeping stamps in
   * order and the buffer within its limit. Anything that is not a [stamp, text] pair is skipped.
   */
  restore(chunks: unknown): void {
    if (!Array.isArray(chunks)) return;
    const oldest = this.times[this.head] ?? Infinity;
    const kept = chunks.filter(
      (c): c is [number, string] => Array.isArray(c) && typeof c[0] === 'number' && Number.isFinite(c[0]) && c[0] <= oldest && typeof c[1] === 'string' && c[1].length > 0,
    );
    const texts = this.texts.slice(this.head);
    const times = this.times.slice(this.head);
    let last = -Infinity;
    this.texts = [];
    this.times = [];
    for (const [time, text] of kept) {
      last = Math.max(last, time);
      this.texts.push(text);
      this.times.push(last);
    }
    this.texts.push(...texts);
    this.times.push(...times);
    // Numbers run on in the order chunks stand: the restored ones count before anything newer.
    this.appended += kept.length;
    this.head = 0;
    this.size = this.texts.reduce((sum, text) => sum + text.length, 0);
    if (this.size > this.limit) this.trim();
  }

  /** Live text from now on; answers the unsubscribe function. */
  subscribe(listener: ConsoleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.texts = [];
    this.times = [];
    this.head = 0;
    this.size = 0;
  }

  private trim(): void {
    while (this.size > this.trimTo && this.head < this.texts.length - 1) {
      this.size -= this.texts[this.head].length;
      this.head++;
    }
    // A single chunk larger than the limit keeps only its tail.
    if (this.size > this.trimTo) {
      const last = this.texts[this.head];
      this.texts[this.head] = last.slice(last.length - this.trimTo);
      this.size = this.trimTo;
    }
    if (this.head > 1024 && this.head * 2 > this.texts.length) {
      this.texts = this.texts.slice(this.head);
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const { pending, pendingTimes } = this;
    this.pending = [];
    this.pendingTimes = [];
    // What is pending is the newest text: its first chunk's number follows from the count.
    const firstPending = this.appended - pending.length;
    for (let start = 0; start < pending.length; ) {
      let end = start + 1;
      let chars = pending[start].length;
      while (end < pending.length && chars + pending[end].length <= CONSOLE_BATCH_CHARS) chars += pending[end++].length;
      const logs = start === 0 && end === pending.length ? pending : pending.slice(start, end);
      // A batch's epoch is its last chunk's stamp: replaying from it resumes after this batch.
      const epoch = pendingTimes[end - 1];
      const first = firstPending + start;
      start = end;
      for (const listener of this.listeners) {
        try {
          listener(logs, epoch, first);
        } catch {
          // one broken subscriber must not starve the others
        }
      }
    }
  };
}
