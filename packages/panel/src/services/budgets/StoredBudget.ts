import { createHash } from 'node:crypto';
import { tooManyRequests } from '@outpost/shared';
import type { AttemptsRepository } from '../../db/attempts.js';

/** One counted attempt; give it back when it should not count (an honest success, work never done). */
export interface StoredAttempt {
  /** The attempts the key already had in the window when this one was counted. */
  readonly before: number;
  giveBack(): Promise<void>;
}

/** How often one budget sweeps every budget's expired rows: often enough that a flood of keys cannot pile up. */
const SWEEP_MS = 60_000;

/**
 * At most `limit` attempts per key in a sliding window, kept in the database so every panel on it
 * shares one count (issue 34): the same semantics as the shared AttemptBudget, which stays for the
 * daemon's own SFTP limiter. An attempt is counted when it is taken, before any work, under a lock
 * on the key across processes, so requests that arrive together at several panels cannot all slip
 * under the limit. Keys are stored as their sha256.
 */
export class StoredBudget {
  private lastSweep = 0;

  constructor(
    private readonly attempts: AttemptsRepository,
    /** The budget's name in the table; unique per budget. */
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    /** What is counted, for the 429 message ("failed logins"). */
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  private hash(key: string): string {
    return createHash('sha256').update(key).digest('hex');
  }

  /** How many attempts `key` has in the window now. */
  count(key: string): Promise<number> {
    return this.attempts.count(this.name, this.hash(key), this.now());
  }

  /** Counts one attempt for `key`, or throws 429 ErrTooManyRequests (counting nothing) when its budget is spent. */
  async take(key: string): Promise<StoredAttempt> {
    const now = this.now();
    this.sweep(now);
    const taken = await this.attempts.take(this.name, this.hash(key), this.limit, this.windowMs, now);
    const { id } = taken;
    if (id === undefined) throw tooManyRequests((taken.oldestExpiresAt ?? now + this.windowMs) - now, this.what);
    let counted = true;
    return {
      before: taken.before,
      giveBack: async () => {
        if (!counted) return;
        counted = false;
        await this.attempts.remove(id);
      },
    };
  }

  /** Forgets every attempt of a key (after a good password). */
  forget(key: string): Promise<void> {
    return this.attempts.forget(this.name, this.hash(key));
  }

  /** Now and then, removes the rows past their window, in the background: a failure only leaves them for the next sweep. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    void this.attempts.deleteExpired(now).catch(() => undefined);
  }
}
