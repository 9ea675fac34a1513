import { OutpostError, type PasskeyCredential } from '@outpost/shared';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRow } from '../../db/passkeys.js';
import type { Repositories } from '../../db/repositories.js';
import type { PasskeyChallenge } from './PasskeyChallenges.js';
import { userHandle } from './registrationOptions.js';

/** A sign-in the passkey did not prove, with the code answered and the passkey it named, if known. */
export class PasskeyRefused extends Error {
  constructor(
    readonly error: OutpostError,
    readonly passkey?: PasskeyRow,
  ) {
    super(error.message);
  }
}

// Answered 400 like a wrong password: the web app treats any 401 as "session timed out".
const unknownPasskey = () => new OutpostError('ErrInvalidCredentials', 'this passkey is not known here', { reason: 'unknownPasskey' }, 400);
const invalid = (why: string) => new OutpostError('ErrInvalidCredentials', `the passkey's answer was refused: ${why}`, { reason: 'invalid' }, 400);

/**
 * Checks a sign-in assertion: the challenge handed out (taken already, so it served once), the
 * origin and relying-party id it was issued for, the signature by the stored public key, user
 * verification (a PIN or biometric on the authenticator: with possession of it, the second
 * factor that lets a passkey stand in for password and code), and a signature counter that
 * moved on (a cloned authenticator replays an old one; authenticators that keep none send 0).
 * Answers the passkey, its counter and last use recorded; throws PasskeyRefused.
 */
export async function verifyPasskeySignIn(repo: Repositories, response: PasskeyCredential, challenge: PasskeyChallenge): Promise<PasskeyRow> {
  const passkey = await repo.passkeys.byCredentialId(response.id);
  if (!passkey) throw new PasskeyRefused(unknownPasskey());
  // A discoverable credential names its account; it must be the one the passkey was added to.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(passkey.userId)).toString('base64url')) {
    throw new PasskeyRefused(invalid('the user handle is not the passkey account'), passkey);
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports as never },
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyRefused(invalid(error instanceof Error ? error.message : String(error)), passkey);
  }
  if (!verified.verified) throw new PasskeyRefused(invalid('not verified'), passkey);
  await repo.passkeys.markUsed(passkey.id, verified.authenticationInfo.newCounter);
  return passkey;
}
