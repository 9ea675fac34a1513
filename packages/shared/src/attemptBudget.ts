import { OutpostError } from './errors.js';

/** One counted attempt; give it back when it should not count (an honest success, work never done). */
export interface CountedAttempt {
  giveBack(): void;
}

/** Past this many keys, stale ones are swept and then the oldest dropped, so a flood of keys cannot fill memory. */
const MAX_KEYS = 50_000;

export function tooManyRequests(waitMs: number, what: string): OutpostError {
  return new OutpostError('ErrTooManyRequests', `too many ${what}, try again later`, { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) }, 429);
}

/**
 * At most `limit` attempts per key in a sliding window. An attempt is counted when it is taken,
 * before any work, so requests that arrive together cannot all slip under the limit; the caller
 * gives it back when it turns out not to count. Kept in memory, per process: a node's SFTP logins
 * (the daemon's LoginLimiter). The panel's budgets are shared by every panel on its database, so
 * they are kept there instead (packages/panel/src/services/budgets/StoredBudget.ts).
 */
export class AttemptBudget {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** What is counted, for the 429 message ("failed logins"). */
    private readonly what: string,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, kept);
    return kept;
  }

  /** How many attempts `key` has in the window now. */
  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  /** Counts one attempt for `key`, or throws 429 ErrTooManyRequests (counting nothing) when its budget is spent. */
  take(key: string, now = Date.now()): CountedAttempt {
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) throw tooManyRequests(recent[0]! + this.windowMs - now, this.what);
    recent.push(now);
    this.attempts.set(key, recent);
    this.bound(now);
    let counted = true;
    return {
      giveBack: () => {
        if (!counted) return;
        counted = false;
        const times = this.attempts.get(key);
        const at = times?.indexOf(now) ?? -1;
        if (times && at >= 0) times.splice(at, 1);
        if (times?.length === 0) this.attempts.delete(key);
      },
    };
  }

  /** Forgets every attempt of a key (after a good password). */
  forget(key: string): void {
    this.attempts.delete(key);
  }

  private bound(now: number): void {
    if (this.attempts.size <= MAX_KEYS) return;
    for (const key of [...this.attempts.keys()]) this.recent(key, now);
    for (const key of this.attempts.keys()) {
      if (this.attempts.size <= MAX_KEYS) break;
      this.attempts.delete(key);
    }
  }
}
