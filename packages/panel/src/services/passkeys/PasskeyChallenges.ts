import { randomBytes } from 'node:crypto';

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
 * Outstanding WebAuthn challenges, each under a key (the session's token hash for a
 * registration, a cookie's ticket for a sign-in). Taking one removes it, so an answer is
 * checked at most once whatever its outcome; a newer one under the same key replaces it.
 */
export class PasskeyChallenges {
  private readonly entries = new Map<string, PasskeyChallenge>();

  /** Keeps a new random challenge under `key` and answers it. */
  open(key: string, origin: string, rpId: string, now = Date.now()): PasskeyChallenge {
    for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
    const entry = { challenge: randomBytes(32).toString('base64url'), origin, rpId, expiresAt: now + PASSKEY_CHALLENGE_MS };
    this.entries.set(key, entry);
    return entry;
  }

  /** The challenge under `key`, removed; undefined when there is none or it expired. */
  take(key: string | undefined, now = Date.now()): PasskeyChallenge | undefined {
    if (!key) return undefined;
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }
}
