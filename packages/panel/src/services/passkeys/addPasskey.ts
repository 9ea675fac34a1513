import { OutpostError, type PasskeyCredential } from '@outpost/shared';
import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import type { PasskeyRow } from '../../db/passkeys.js';
import type { Repositories } from '../../db/repositories.js';
import type { PasskeyChallenge } from './PasskeyChallenges.js';

const refused = (why: string) => new OutpostError('ErrInvalidCredentials', `the passkey was refused: ${why}`, { field: 'response' }, 400);

/**
 * Verifies the browser's answer to registration options against the challenge handed out
 * (taken already, so it served once), its origin and relying-party id, and stores the passkey.
 * A credential already stored, on any account, is 409 ErrAlreadyExists.
 */
export async function addPasskey(repo: Repositories, userId: number, name: string, response: PasskeyCredential, challenge: PasskeyChallenge | undefined): Promise<PasskeyRow> {
  if (name.trim() === '') throw new OutpostError('ErrFieldRequired', 'name is required', { field: 'name' });
  if (!challenge) throw new OutpostError('ErrInvalidTokenState', 'no passkey registration is waiting: ask for options first', undefined, 400);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (!verified.verified) throw refused('not verified');
  const { credential } = verified.registrationInfo;
  const taken = () => new OutpostError('ErrAlreadyExists', 'this passkey is already added', { field: 'response' });
  if (await repo.passkeys.byCredentialId(credential.id)) throw taken();
  try {
    return await repo.passkeys.insert({
      userId,
      name: name.trim(),
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,32}$/.test(t)).slice(0, 10),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
