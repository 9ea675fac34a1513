import { OutpostError } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import type { SshKeyRow } from '../../db/sshKeys.js';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { parseSshPublicKey } from './parseSshPublicKey.js';

const taken = () => new OutpostError('ErrAlreadyExists', 'this key is already added to an account', { field: 'key' });

/**
 * Adds a public key to an account for SFTP. A key belongs to one account only: one already on
 * any account (this one included) is 409 ErrAlreadyExists, whichever of two adds came first.
 */
export async function addSshKey(repo: Repositories, userId: number, name: string, line: string): Promise<SshKeyRow> {
  if (name.trim() === '') throw new OutpostError('ErrFieldRequired', 'name is required', { field: 'name' });
  const key = parseSshPublicKey(line);
  if (await repo.sshKeys.byFingerprint(key.fingerprint)) throw taken();
  try {
    return await repo.sshKeys.insert({ userId, name: name.trim(), algorithm: key.type, publicKey: key.blob, fingerprint: key.fingerprint });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
