import type { Repositories } from '../db/repositories.js';
import type { UserRow } from '../db/users.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';

/**
 * The account when the password is its own; undefined otherwise, after the same argon2 work either
 * way. `rank` orders the check in the password queue (the caller's failures so far).
 */
export async function checkCredentials(repo: Repositories, email: string, password: string, rank = 0): Promise<UserRow | undefined> {
  const user = await repo.users.byEmail(email);
  if (!user) {
    await burnPasswordCheck(password, rank);
    return undefined;
  }
  return (await verifyPassword(user.password_hash, password, rank)) ? user : undefined;
}
