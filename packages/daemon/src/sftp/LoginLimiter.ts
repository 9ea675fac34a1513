/** How many failed passwords are allowed, within what window, and how long a block lasts. */
export interface LoginLimits {
  attempts: number;
  windowMs: number;
  blockMs: number;
}

export const DefaultLoginLimits: LoginLimits = { attempts: 5, windowMs: 5 * 60_000, blockMs: 15 * 60_000 };

/**
 * Counts failed SFTP passwords per key (a remote address, an account) and blocks a key that fails
 * too often, so guessing is slow from one address and slow against one account from many.
 * Memory stays bounded: stale keys are dropped as new failures come in.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly limits: LoginLimits = DefaultLoginLimits, private readonly now: () => number = Date.now) {}

  /** True when any of the keys is blocked now. */
  isBlocked(keys: string[]): boolean {
    const now = this.now();
    return keys.some((key) => (this.blockedUntil.get(key) ?? 0) > now);
  }

  /** Records a failure for each key; a key reaching the limit within the window is blocked. */
  fail(keys: string[]): void {
    const now = this.now();
    this.sweep(now);
    for (const key of keys) {
      const recent = (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
      recent.push(now);
      this.failures.set(key, recent);
      if (recent.length >= this.limits.attempts) this.blockedUntil.set(key, now + this.limits.blockMs);
    }
  }

  /** Forgets the failures of keys after a good login (the account's, not the address's). */
  succeed(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private sweep(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, times] of this.failures) if (times[times.length - 1]! <= now - this.limits.windowMs) this.failures.delete(key);
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}
