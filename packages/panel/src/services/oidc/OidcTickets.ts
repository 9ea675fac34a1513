import { randomBytes } from 'node:crypto';

/**
 * Short-lived, single-use records kept in memory under a random ticket that only the browser's
 * cookie holds: an OpenID sign-in between start and callback, or a link waiting for the password.
 * A panel restart forgets them, which costs a click.
 */
export class OidcTickets<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(readonly lifetimeMs: number) {}

  open(value: T, now = Date.now()): string {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    const ticket = randomBytes(32).toString('base64url');
    this.entries.set(ticket, { value, expiresAt: now + this.lifetimeMs });
    return ticket;
  }

  peek(ticket: string | undefined, now = Date.now()): T | undefined {
    const entry = ticket ? this.entries.get(ticket) : undefined;
    return entry && entry.expiresAt > now ? entry.value : undefined;
  }

  /** The record, removed: a second use of the same ticket finds nothing. */
  take(ticket: string | undefined, now = Date.now()): T | undefined {
    const value = this.peek(ticket, now);
    if (ticket) this.entries.delete(ticket);
    return value;
  }
}
