import { OutpostError } from '@outpost/shared';
import { Secret, TOTP } from 'otpauth';
import type { Repositories } from '../db/repositories.js';

const issuer = 'Outpost';

function totp(secret: string, label = 'Outpost'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A fresh base32 secret and the otpauth:// URI an authenticator app scans. */
export function newOtpSecret(accountLabel: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totp(secret, accountLabel).toString() };
}

/** The current code for a secret: for tests and for the CLI. */
export function currentOtpCode(secret: string, timestamp = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

/**
 * Checks a six-digit code against a user's secret (one period of drift either way) and marks its
 * time step used, so a code cannot be used twice. Throws ErrTokenInvalid (400) otherwise.
 */
export async function useOtpCode(repo: Repositories, userId: number, secret: string, code: string): Promise<void> {
  const generator = totp(secret);
  const delta = /^\d{6}$/.test(code) ? generator.validate({ token: code, window: 1 }) : null;
  if (delta === null) throw new OutpostError('ErrTokenInvalid', 'token is invalid', undefined, 400);
  const counter = generator.counter() + delta;
  if (!(await repo.users.useOtpCounter(userId, counter))) throw new OutpostError('ErrTokenInvalid', 'token is invalid', undefined, 400);
}
