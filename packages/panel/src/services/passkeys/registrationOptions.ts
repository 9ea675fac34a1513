import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { Repositories } from '../../db/repositories.js';
import type { UserRow } from '../../db/users.js';
import type { PasskeyChallenge } from './PasskeyChallenges.js';

/** The relying party's name the browser shows beside the passkey. */
export const RP_NAME = 'Outpost';

/**
 * Options for navigator.credentials.create(): a discoverable credential (the sign-in asks for
 * no email first), user verification preferred, and the account's passkeys excluded so one
 * authenticator is not added twice. The user handle is the account's id, which the sign-in checks.
 */
export async function registrationOptions(repo: Repositories, user: UserRow, challenge: PasskeyChallenge): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await repo.passkeys.forUser(user.id);
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: challenge.rpId,
    userName: user.email,
    userDisplayName: user.username,
    userID: userHandle(user.id),
    // As bytes: a string would be taken as text and encoded again.
    challenge: Buffer.from(challenge.challenge, 'base64url'),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
  });
}

/** The WebAuthn user handle of an account: its id in decimal digits. */
export function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}
