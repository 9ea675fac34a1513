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
 * still gets in. An attempt is counted before its password is checked, so parallel connections
 * cannot all slip under the limit. Memory stays bounded: stale keys are dropped as new ones come in.
 */
export class LoginLimiter {
  private readonly attempts = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly limits: LoginLimits = DefaultLoginLimits, private readonly now: () => number = Date.now) {}

  /** True when any of the keys is blocked now. */
  isBlocked(keys: string[]): boolean {
    const now = this.now();
    return keys.some((key) => (this.blockedUntil.get(key) ?? 0) > now);
  }

  /** Counts an attempt against every key; undefined (nothing counted) when any is blocked or has no attempts left. */
  begin(keys: string[]): LoginAttempt | undefined {
    const now = this.now();
    this.sweep(now);
    if (this.isBlocked(keys) || keys.some((key) => this.recent(key, now).length >= this.limits.attempts)) return undefined;
    for (const key of keys) this.attempts.set(key, [...this.recent(key, now), now]);
    const release = () => {
      for (const key of keys) {
        const times = this.attempts.get(key);
        const at = times?.indexOf(now) ?? -1;
        if (times && at >= 0) times.splice(at, 1);
      }
    };
    return {
      fail: () => {
        for (const key of keys) if (this.recent(key, this.now()).length >= this.limits.attempts) this.blockedUntil.set(key, this.now() + this.limits.blockMs);
      },
      succeed: (forget) => {
        release();
        for (const key of forget) this.attempts.delete(key);
      },
      release,
    };
  }

  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  private sweep(now: number): void {
    if (this.attempts.size < 10_000) return;
    for (const [key, times] of this.attempts) if (times.length === 0 || times[times.length - 1]! <= now - this.limits.windowMs) this.attempts.delete(key);
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}
