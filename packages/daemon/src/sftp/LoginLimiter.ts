import { AttemptBudget, type CountedAttempt } from '@outpost/shared';

/** How many password checks are allowed, within what window, and how long a block lasts. */
export interface LoginLimits {
  attempts: number;
  windowMs: number;
  blockMs: number;
}

export const DefaultLoginLimits: LoginLimits = { attempts: 5, windowMs: 5 * 60_000, blockMs: 15 * 60_000 };

/** One counted password check. */
export interface LoginAttempt {
  /** The password was wrong: it stays counted, and a key that reached the limit is blocked. */
  fail(): void;
  /** The password was right: this attempt is given back, and the past failures of `forget` dropped. */
  succeed(forget: string[]): void;
  /** No password was checked (the panel could not be asked): the attempt does not count. */
  release(): void;
}

/**
 * Counts SFTP password checks per key (a remote address; an account from one address) and blocks
 * a key that fails too often, so guessing is slow from one address while the owner, elsewhere,
 * still gets in. The counting is the panel's AttemptBudget (counted before the password is
 * checked, so parallel connections cannot all slip under the limit; memory bounded); the block
 * that follows a full budget is this limiter's own.
 */
export class LoginLimiter {
  private readonly budget: AttemptBudget;
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly limits: LoginLimits = DefaultLoginLimits, private readonly now: () => number = Date.now) {
    this.budget = new AttemptBudget(limits.attempts, limits.windowMs, 'failed SFTP logins');
  }

  /** True when any of the keys is blocked now. */
  isBlocked(keys: string[]): boolean {
    const now = this.now();
    return keys.some((key) => (this.blockedUntil.get(key) ?? 0) > now);
  }

  /** Counts an attempt against every key; undefined (nothing counted) when any is blocked or has no attempts left. */
  begin(keys: string[]): LoginAttempt | undefined {
    const now = this.now();
    this.sweep(now);
    if (this.isBlocked(keys)) return undefined;
    const taken: CountedAttempt[] = [];
    for (const key of keys) {
      try {
        taken.push(this.budget.take(key, now));
      } catch {
        // One key's budget is spent: the others give theirs back, nothing counts.
        for (const attempt of taken) attempt.giveBack();
        return undefined;
      }
    }
    const release = () => {
      for (const attempt of taken) attempt.giveBack();
    };
    return {
      fail: () => {
        const at = this.now();
        for (const key of keys) if (this.budget.count(key, at) >= this.limits.attempts) this.blockedUntil.set(key, at + this.limits.blockMs);
      },
      succeed: (forget) => {
        release();
        for (const key of forget) this.budget.forget(key);
      },
      release,
    };
  }

  private sweep(now: number): void {
    if (this.blockedUntil.size < 10_000) return;
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}
