import { OutpostError, assertEmail, assertPassword, assertUsername, type Scope } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { isUniqueViolation } from '../db/isUniqueViolation.js';
import { emailSkeleton, mixesScripts } from './lookalikeEmails.js';
import { normaliseEmail } from './normaliseEmail.js';
import { hashPassword } from './passwords.js';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  /** Panel-level scopes to grant; none for a self-registered user. */
  scopes?: readonly Scope[];
}

/** Checks the spec's field rules and answers the input with its email in stored form (trimmed, lower-case). */
export function checkNewUser<T extends NewUser>(input: T): T {
  const email = typeof input.email === 'string' ? normaliseEmail(input.email) : input.email;
  assertUsername(input.username);
  assertEmail(email);
  assertPassword(input.password);
  return { ...input, email };
}

/** Checks the spec's field rules, refuses a taken username or email (409 ErrAlreadyExists), stores the user. */
export async function createUser(repo: Repositories, input: NewUser): Promise<number> {
  const user = checkNewUser(input);
  await assertAvailable(repo, { username: user.username, email: user.email });
  const passwordHash = await hashPassword(user.password);
  let id: number;
  try {
    id = await repo.users.insert({ username: user.username, email: user.email, passwordHash });
  } catch (error) {
    // Two sign-ups racing for one name: the database's unique index decides, and says which.
    if (isUniqueViolation(error)) {
      await assertAvailable(repo, { username: user.username, email: user.email });
      throw taken('email');
    }
    throw error;
  }
  if (user.scopes?.length) await repo.permissions.replace(id, null, user.scopes);
  return id;
}

export function taken(field: 'username' | 'email'): OutpostError {
  return new OutpostError('ErrAlreadyExists', `a user with this ${field} already exists`, { field }, 409);
}

/**
 * Throws 409 when another user (not `exceptId`) already has the username or email (in any case),
 * or an email that looks the same; 400 ErrFieldNotEmail for an email that mixes scripts.
 */
export async function assertAvailable(repo: Repositories, fields: { username?: string; email?: string }, exceptId?: number): Promise<void> {
  if (fields.username !== undefined) {
    const other = await repo.users.byUsername(fields.username);
    if (other && other.id !== exceptId) throw taken('username');
  }
  if (fields.email !== undefined) {
    // The stored form: an account whose old spelling differs only by case may not take another's email.
    const email = normaliseEmail(fields.email);
    const other = await repo.users.byEmail(email);
    if (other && other.id !== exceptId) throw taken('email');
    if (other) return; // the caller's own address, kept as it is
    // An address that reads as another's (a Cyrillic 'а' for a Latin 'a') passes for that user in
    // lists, invitations and mails: taken as well. Every address is compared; a panel has few.
    const skeleton = emailSkeleton(email);
    for (const row of await repo.users.emails()) {
      if (row.id !== exceptId && emailSkeleton(normaliseEmail(row.email)) === skeleton) throw taken('email');
    }
    if (mixesScripts(email)) throw new OutpostError('ErrFieldNotEmail', 'an email may not mix letters of different scripts', { field: 'email' });
  }
}
