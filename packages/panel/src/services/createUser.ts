import { OutpostError, assertEmail, assertPassword, assertUsername, type Scope } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { isUniqueViolation } from '../db/isUniqueViolation.js';
import { hashPassword } from './passwords.js';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  /** Panel-level scopes to grant; none for a self-registered user. */
  scopes?: readonly Scope[];
}

/** Checks the spec's field rules, refuses a taken username or email (409), stores the user. */
export async function createUser(repo: Repositories, input: NewUser): Promise<number> {
  assertUsername(input.username);
  assertEmail(input.email);
  assertPassword(input.password);
  await assertAvailable(repo, { username: input.username, email: input.email });
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await repo.users.insert({ username: input.username, email: input.email, passwordHash });
  } catch (error) {
    // Two sign-ups racing for one name: the database's unique index decides.
    if (isUniqueViolation(error)) throw taken('email');
    throw error;
  }
  if (input.scopes?.length) await repo.permissions.replace(id, null, input.scopes);
  return id;
}

function taken(field: 'username' | 'email'): OutpostError {
  return new OutpostError('ErrGeneric', `a user with this ${field} already exists`, { field }, 409);
}

/** Throws 409 when another user (not `exceptId`) already has the username or email. */
export async function assertAvailable(repo: Repositories, fields: { username?: string; email?: string }, exceptId?: number): Promise<void> {
  if (fields.username !== undefined) {
    const other = await repo.users.byUsername(fields.username);
    if (other && other.id !== exceptId) throw taken('username');
  }
  if (fields.email !== undefined) {
    const other = await repo.users.byEmail(fields.email);
    if (other && other.id !== exceptId) throw taken('email');
  }
}
