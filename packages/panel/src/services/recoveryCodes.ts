import { createHash, randomInt } from 'node:crypto';
import type { Repositories } from '../db/repositories.js';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 (digits and letters without i, l, o, u): a code copied by hand reads back the same.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const length = GROUPS * GROUP_LENGTH;

/**
 * A code as typed, reduced to its 16 letters and digits, or undefined when it has not the
 * recovery format (a six-digit one-time code has not): hyphens, spaces and case do not matter.
 */
export function readRecoveryCode(typed: string): string | undefined {
  const bare = typed.replace(/[\s-]/g, '').toLowerCase();
  return bare.length === length && [...bare].every((c) => alphabet.includes(c)) ? bare : undefined;
}

/**
 * A code's sha256: 80 random bits leave nothing to guess, so a fast hash keeps a leaked table
 * useless (as with session tokens) and a sign-in finds its code with one indexed delete, with no
 * argon2 work for each of ten codes.
 */
function hashRecoveryCode(bare: string): string {
  return createHash('sha256').update(`outpost-recovery:${bare}`).digest('hex');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
  return chars.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** Ten fresh codes replace the account's old ones; answered once, kept only as hashes. */
export async function issueRecoveryCodes(repo: Repositories, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.recoveryCodes.replace(userId, codes.map((code) => hashRecoveryCode(readRecoveryCode(code)!)));
  return codes;
}

/** Spends a recovery code: true for the one request that used it, false for an unknown or used one. */
export async function useRecoveryCode(repo: Repositories, userId: number, typed: string): Promise<boolean> {
  const bare = readRecoveryCode(typed);
  return bare !== undefined && (await repo.recoveryCodes.use(userId, hashRecoveryCode(bare)));
}
