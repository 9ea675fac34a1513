import { createHash, createPublicKey } from 'node:crypto';
import { OutpostError, SSH_KEY_TYPES, SSH_RSA_MIN_BITS, type SshKeyType } from '@outpost/shared';
import ssh2 from 'ssh2';

/** A public key as the panel keeps it. */
export interface SshPublicKey {
  type: SshKeyType;
  /** The key's base64 blob (as in authorized_keys, without the comment). */
  blob: string;
  /** SHA256:… as `ssh-keygen -lf` prints it. */
  fingerprint: string;
}

const invalid = (msg: string) => new OutpostError('ErrFieldRequired', msg, { field: 'key' });

/** The fingerprint OpenSSH prints for a key blob: unpadded base64 of its SHA-256. */
export function sshFingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Reads one OpenSSH public key line (`{type} {base64} [comment]`, as in a .pub file) through
 * ssh2's parser: ed25519, ECDSA or RSA of at least SSH_RSA_MIN_BITS bits. Anything else (DSA, a
 * private key, options before the type, a damaged blob) throws 400 naming the field `key`.
 */
export function parseSshPublicKey(line: string): SshPublicKey {
  const text = line.trim();
  if (/PRIVATE KEY/.test(text)) throw invalid('that is a private key: paste the public key (the .pub file)');
  const match = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: [^\r\n]*)?$/.exec(text);
  if (!match) throw invalid('key must be one OpenSSH public key line (ssh-ed25519 AAAA…)');
  const [, type, base64] = match;
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type)) throw invalid(`key type ${type.slice(0, 40)} is not accepted: use ed25519, ECDSA or RSA`);
  const parsed = ssh2.utils.parseKey(`${type} ${base64}`);
  if (parsed instanceof Error || parsed.isPrivateKey() || parsed.type !== type) throw invalid('key is not a valid OpenSSH public key');
  const blob = parsed.getPublicSSH();
  // ssh2 reads the blob's own type; a line whose blob says another is damaged or made up.
  if (blob.toString('base64') !== base64) throw invalid('key is not a valid OpenSSH public key');
  if (type === 'ssh-rsa') {
    const bits = createPublicKey(parsed.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < SSH_RSA_MIN_BITS) throw new OutpostError('ErrFieldTooSmall', `an RSA key needs at least ${SSH_RSA_MIN_BITS} bits`, { field: 'key', min: SSH_RSA_MIN_BITS, bits });
  }
  return { type: type as SshKeyType, blob: base64, fingerprint: sshFingerprint(blob) };
}
