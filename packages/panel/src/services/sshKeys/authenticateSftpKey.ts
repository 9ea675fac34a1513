import type { Repositories } from '../../db/repositories.js';
import { grantSftp, type SftpGrant } from '../authenticateSftp.js';
import { parseSshPublicKey } from './parseSshPublicKey.js';

/** A granted key login: the password's grant, and the key that opened it (its removal ends the session). */
export interface SftpKeyGrant extends SftpGrant {
  keyId: number;
  fingerprint: string;
}

/**
 * Checks an SFTP login with a public key for a daemon, which has checked the client's signature
 * (or, with `probe`, is only asking whether the key would do): the username is
 * "{email}|{serverId}", the key (`{type} {base64}`) must be one the account named by the email
 * added, and the server's permissions are the password's (grantSftp). A login, not a probe,
 * marks the key used. Anything else answers null.
 */
export async function authenticateSftpKey(
  repo: Repositories,
  username: string,
  publicKey: string,
  origin: { nodeId?: number; probe?: boolean } = {},
): Promise<SftpKeyGrant | null> {
  const bar = username.lastIndexOf('|');
  if (bar < 1 || username.length > 400) return null;
  let fingerprint: string;
  let blob: string;
  try {
    ({ fingerprint, blob } = parseSshPublicKey(publicKey));
  } catch {
    return null;
  }
  const key = await repo.sshKeys.byFingerprint(fingerprint);
  if (!key || key.publicKey !== blob) return null;
  const user = await repo.users.byEmail(username.slice(0, bar));
  if (!user || user.id !== key.userId) return null;
  const grant = await grantSftp(repo, user.id, username.slice(bar + 1), origin.nodeId);
  if (!grant) return null;
  if (!origin.probe) await repo.sshKeys.markUsed(key.id);
  return { ...grant, keyId: key.id, fingerprint };
}
