import { OutpostError } from '@outpost/shared';

/**
 * Counts failed logins per IP and email in a sliding window; past the limit, further attempts are
 * refused with 429 until the oldest failure leaves the window. Kept in memory: one panel process.
 */
export class FailedLogins {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 5 * 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Throws ErrTooManyRequests when this IP has failed too often for this email. */
  assertAllowed(ip: string, email: string, now = Date.now()): void {
    const recent = this.recent(`${ip}|${email.toLowerCase()}`, now);
    if (recent.length >= this.limit) {
      const retryAfter = Math.ceil((recent[0] + this.windowMs - now) / 1000);
      throw new OutpostError('ErrTooManyRequests', 'too many failed logins, try again later', { retryAfter }, 429);
    }
  }

  record(ip: string, email: string, now = Date.now()): void {
    const key = `${ip}|${email.toLowerCase()}`;
    this.failures.set(key, [...this.recent(key, now), now]);
    // Bound memory under a flood of distinct keys.
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  clear(ip: string, email: string): void {
    this.failures.delete(`${ip}|${email.toLowerCase()}`);
  }
}
