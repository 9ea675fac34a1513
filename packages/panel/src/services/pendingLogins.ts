import type { TicketsRepository } from '../db/tickets.js';
import { StoredTickets } from './tickets/StoredTickets.js';

/** Name of the short-lived cookie that carries a login waiting for its one-time code. */
export const PENDING_LOGIN_COOKIE = 'outpost_otp_pending';
export const PENDING_LOGIN_MS = 5 * 60_000;

/** Logins that passed the password and wait for a one-time code, in the database so any panel can finish one; each ticket is used once. */
export class PendingLogins {
  private readonly tickets: StoredTickets<{ userId: number }>;

  constructor(tickets: TicketsRepository) {
    this.tickets = new StoredTickets(tickets, 'login.otp', PENDING_LOGIN_MS);
  }

  open(userId: number, now = Date.now()): Promise<string> {
    return this.tickets.open({ userId }, now);
  }

  /** The waiting user, or undefined for an unknown or expired ticket. */
  async peek(ticket: string | undefined, now = Date.now()): Promise<number | undefined> {
    return (await this.tickets.peek(ticket, now))?.userId;
  }

  close(ticket: string): Promise<void> {
    return this.tickets.close(ticket);
  }
}
