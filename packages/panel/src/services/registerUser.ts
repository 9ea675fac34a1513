import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { createUser, taken, type NewUser } from './createUser.js';
import { hashPassword } from './passwords.js';

/**
 * Self-registration, which must not tell whether an email has an account: a taken email answers
 * exactly like a free one (same status, same body, the same argon2 work) and creates nothing. A
 * taken username is refused with 409, so a typo gets a clear answer; usernames are shown to the
 * users who share a server and are no secret. The caller signs in afterwards with the password.
 * Input must have passed checkNewUser.
 */
export async function registerUser(repo: Repositories, input: NewUser): Promise<void> {
  if (await repo.users.byUsername(input.username)) throw taken('username');
  if (await repo.users.byEmail(input.email)) {
    await hashPassword(input.password);
    return;
  }
  try {
    await createUser(repo, { ...input, scopes: [] });
  } catch (error) {
    // Another registration took the email in the meantime: still the same answer.
    if (!(error instanceof OutpostError && error.code === 'ErrAlreadyExists' && error.metadata?.field === 'email')) throw error;
  }
}
