import type { ActivityEvents } from '@outpost/shared';

/** An SFTP login as a node reported it: `key` is the SSH key's fingerprint for a key login. */
export interface SftpLoginReport {
  username: string;
  userId?: number;
  ip?: string | null;
  method?: 'password' | 'publickey';
  key?: string;
}

/**
 * An SFTP login (`{email}|{serverId}`) let in or refused, from whichever node asked: the local
 * one in-process, a remote one through /api/nodes/sftp/authenticate. `ip` is the SFTP client's.
 */
export function emitSftpLogin(activity: ActivityEvents, login: SftpLoginReport): void {
  const username = login.username.slice(0, 255);
  const [email = '', serverId = ''] = username.split('|');
  const actor = { type: 'user', id: login.userId === undefined ? null : String(login.userId), name: email } as const;
  const server = /^[0-9a-f]{8}$/.test(serverId) ? serverId : null;
  const ip = login.ip ?? null;
  const data = { username, method: login.method ?? 'password', ...(login.key && { key: login.key }) };
  activity.emit(login.userId === undefined ? { event: 'server.sftp.refused', actor, ip, server, data } : { event: 'server.sftp.login', actor, ip, server, data });
}
