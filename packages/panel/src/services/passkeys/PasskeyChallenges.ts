import { randomBytes } from 'node:crypto';
import type { TicketsRepository } from '../../db/tickets.js';
import { StoredTickets } from '../tickets/StoredTickets.js';

/** How long a browser has to answer passkey options: WebAuthn's own prompt times out at 60 s. */
export const PASSKEY_CHALLENGE_MS = 2 * 60_000;

/** A challenge handed out, with the origin and relying-party id its answer must name. */
export interface PasskeyChallenge {
  challenge: string;
  origin: string;
  rpId: string;
  expiresAt: number;
}

/**
 * Outstanding WebAuthn challenges of one kind (registration, sign-in), each under a key (the
 * session's token hash for a registration, a cookie's ticket for a sign-in), in the database so
 * the answer may reach another panel than the options did. Taking one removes it, so an answer is
 * checked at most once whatever its outcome; a newer one under the same key replaces it.
 */
export class PasskeyChallenges {
  private readonly entries: StoredTickets<PasskeyChallenge>;

  constructor(tickets: TicketsRepository, kind: 'passkey.registration' | 'passkey.signIn') {
    this.entries = new StoredTickets(tickets, kind, PASSKEY_CHALLENGE_MS);
  }

  /** Keeps a new random challenge under `key` and answers it. */
  async open(key: string, origin: string, rpId: string, now = Date.now()): Promise<PasskeyChallenge> {
    const entry = { challenge: randomBytes(32).toString('base64url'), origin, rpId, expiresAt: now + PASSKEY_CHALLENGE_MS };
    await this.entries.put(key, entry, now);
    return entry;
  }

  /** The challenge under `key`, removed; undefined when there is none or it expired. */
  take(key: string | undefined, now = Date.now()): Promise<PasskeyChallenge | undefined> {
    return this.entries.take(key, now);
  }
}
