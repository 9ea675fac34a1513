import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is const and cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to check against when the account does not exist, so a wrong email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('outpost-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
