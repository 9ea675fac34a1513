import { randomBytes } from 'node:crypto';
import type { TicketsRepository } from '../../db/tickets.js';
import { hashSessionToken } from '../sessionTokens.js';

/**
 * Short-lived, one-use records of one kind, kept in the database under the sha256 of a ticket
 * that only the browser holds, so a step begun at one panel can finish at another (issue 34): a
 * login waiting for its one-time code, an OpenID sign-in between start and callback, a passkey
 * challenge. Taking a ticket deletes it, so it is used at most once across panels; an expired one
 * is refused, and expired rows are swept whenever a ticket is opened.
 */
export class StoredTickets<T> {
  constructor(
    private readonly tickets: TicketsRepository,
    readonly kind: string,
    readonly lifetimeMs: number,
  ) {}

  /** Keeps `value` under a new random ticket and answers the ticket. */
  async open(value: T, now = Date.now()): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.put(ticket, value, now);
    return ticket;
  }

  /** Keeps `value` under `key` (a ticket, or a session's token hash), replacing what was there. */
  async put(key: string, value: T, now = Date.now()): Promise<void> {
    await this.tickets.deleteExpired(now);
    await this.tickets.put(this.kind, hashSessionToken(key), JSON.stringify(value), now + this.lifetimeMs);
  }

  /** The record, left in place; undefined for an unknown or expired ticket. */
  async peek(ticket: string | undefined, now = Date.now()): Promise<T | undefined> {
    if (!ticket) return undefined;
    const payload = await this.tickets.peek(this.kind, hashSessionToken(ticket), now);
    return payload === undefined ? undefined : (JSON.parse(payload) as T);
  }

  /** The record, removed: a second use of the same ticket, here or at another panel, finds nothing. */
  async take(ticket: string | undefined, now = Date.now()): Promise<T | undefined> {
    if (!ticket) return undefined;
    const payload = await this.tickets.take(this.kind, hashSessionToken(ticket), now);
    return payload === undefined ? undefined : (JSON.parse(payload) as T);
  }

  /** Drops a ticket, used or not. */
  async close(ticket: string): Promise<void> {
    await this.tickets.delete(this.kind, hashSessionToken(ticket));
  }
}
