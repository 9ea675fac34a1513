import { Type, type Static } from 'typebox';
import { Text } from './common.js';

// Issue 33, item 3: public keys an account signs in to SFTP with.

/** The key types an account may add (RSA of at least SSH_RSA_MIN_BITS). */
export const SSH_KEY_TYPES = ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-rsa'] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

/** RSA keys shorter than this are refused (as OpenSSH itself refuses under 1024 and NIST under 2048). */
export const SSH_RSA_MIN_BITS = 2048;

/** One SSH key as listed: never the key itself, its fingerprint as `ssh-keygen -lf` prints it. */
export const SshKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum([...SSH_KEY_TYPES]),
  fingerprint: Type.String({ description: 'SHA256:… as ssh-keygen -lf prints it' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'the last SFTP login with it' }),
});
export type SshKey = Static<typeof SshKey>;

/** GET /api/self/sshkeys: the caller's keys, oldest first. */
export const SshKeyList = Type.Array(SshKey);
export type SshKeyList = Static<typeof SshKeyList>;

/** POST /api/self/sshkeys: a name and one OpenSSH public key line (`ssh-ed25519 AAAA… comment`). */
export const AddSshKeyRequest = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  key: Text({ minLength: 1, maxLength: 16384, description: 'an OpenSSH public key line: ed25519, ECDSA, or RSA of at least 2048 bits' }),
});
export type AddSshKeyRequest = Static<typeof AddSshKeyRequest>;

/** DELETE /api/self/sshkeys/{id}. */
export const SshKeyParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type SshKeyParams = Static<typeof SshKeyParams>;
