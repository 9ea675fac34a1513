import type { ActivityEvents } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { emitSftpLogin } from '../activity/sftpEvents.js';
import { authenticateSftpKey, type SftpKeyGrant } from './authenticateSftpKey.js';
import { parseSshPublicKey } from './parseSshPublicKey.js';

/**
 * A node's question about a key login, answered (authenticateSftpKey) and recorded in the activity
 * log with the key's fingerprint. A probe (no signature yet) is not recorded: the client signs
 * next, or tries another key.
 */
export async function checkSftpKeyLogin(
  panel: { repo: Repositories; activity: ActivityEvents },
  login: { username: string; publicKey: string; probe: boolean; nodeId: number; ip?: string },
): Promise<SftpKeyGrant | null> {
  const grant = await authenticateSftpKey(panel.repo, login.username, login.publicKey, { nodeId: login.nodeId, probe: login.probe });
  if (login.probe) return grant;
  let key = grant?.fingerprint;
  try {
    key ??= parseSshPublicKey(login.publicKey).fingerprint;
  } catch {
    // A key the panel cannot read is recorded without a fingerprint.
  }
  emitSftpLogin(panel.activity, { username: login.username, userId: grant?.userId, ip: login.ip, method: 'publickey', key });
  return grant;
}
