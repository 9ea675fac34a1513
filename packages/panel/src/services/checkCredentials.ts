import type { Repositories } from '../db/repositories.js';
import type { UserRow } from '../db/users.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';

/**
 * The account when the password is its own; undefined otherwise, after the same argon2 work either
 * way. `rank` orders the check in the password queue (the caller's failures so far); an email
 * with no account waits one place further back, so made-up emails from fresh addresses queue
 * behind real users (the answer is the same, and only a full queue makes the wait differ).
 */
export async function checkCredentials(repo: Repositories, email: string, password: string, rank = 0): Promise<UserRow | undefined> {
  const user = await repo.users.byEmail(email);
  if (!user) {
    await burnPasswordCheck(password, rank + 1);
    return undefined;
  }
  return (await verifyPassword(user.password_hash, password, rank)) ? user : undefined;
}
