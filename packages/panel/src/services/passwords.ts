import { hash, verify } from '@node-rs/argon2';
import { BoundedQueue } from './boundedQueue.js';

// Algorithm.Argon2id; the package's enum is const and cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/**
 * Argon2 runs on libuv's thread pool (4 threads), the same pool that reads and writes files. Two
 * hashes at a time leave the rest of it to file work; a login flood waits here, or is refused with
 * 429 once 32 wait, instead of queueing in that pool ahead of every file read.
 */
export const passwordWork = new BoundedQueue(2, 32);

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, { algorithm: ARGON2ID }));
}

/**
 * The stored hash of an account that has no password (one an OpenID provider made): no password
 * matches it. A password reset gives the account one.
 */
export const NO_PASSWORD = '!none';

/**
 * False for a wrong password and for a hash that cannot be read; 429 when too many checks wait.
 * `rank` orders the check in the queue: the failures its caller already has (see FailedLogins).
 */
export async function verifyPassword(passwordHash: string, password: string, rank = 0): Promise<boolean> {
  // The same argon2 work as for a real hash, so timing does not tell which accounts have no password.
  if (passwordHash === NO_PASSWORD) return burnPasswordCheck(password, rank).then(() => false);
  return passwordWork.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }, rank);
}

// A real hash to check against when the account does not exist, so a wrong email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string, rank = 0): Promise<void> {
  if (!dummyHash) {
    dummyHash = hashPassword('outpost-timing-equaliser');
    // A first hash refused by a busy server must not be remembered.
    dummyHash.catch(() => (dummyHash = undefined));
  }
  await verifyPassword(await dummyHash, password, rank);
}
