import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the browser keeps. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps: the token's sha256 in hex, so a leaked table opens no sessions. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
