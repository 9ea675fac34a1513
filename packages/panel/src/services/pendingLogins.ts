import { randomBytes } from 'node:crypto';

/** Name of the short-lived cookie that carries a login waiting for its one-time code. */
export const PENDING_LOGIN_COOKIE = 'outpost_otp_pending';
export const PENDING_LOGIN_MS = 5 * 60_000;

/** Logins that passed the password and wait for a one-time code; each ticket is used once. */
export class PendingLogins {
  private readonly tickets = new Map<string, { userId: number; expiresAt: number }>();

  open(userId: number, now = Date.now()): string {
    for (const [key, entry] of this.tickets) if (entry.expiresAt <= now) this.tickets.delete(key);
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, { userId, expiresAt: now + PENDING_LOGIN_MS });
    return ticket;
  }

  /** The waiting user, or undefined for an unknown or expired ticket. */
  peek(ticket: string | undefined, now = Date.now()): number | undefined {
    const entry = ticket ? this.tickets.get(ticket) : undefined;
    return entry && entry.expiresAt > now ? entry.userId : undefined;
  }

  close(ticket: string): void {
    this.tickets.delete(ticket);
  }
}
