import type { ActivityEvents } from '@outpost/shared';

/**
 * An SFTP login (`{email}|{serverId}`) let in or refused, from whichever node asked: the local
 * one in-process, a remote one through /api/nodes/sftp/authenticate. `ip` is the SFTP client's.
 */
export function emitSftpLogin(activity: ActivityEvents, login: { username: string; userId?: number; ip?: string | null }): void {
  const username = login.username.slice(0, 255);
  const [email = '', serverId = ''] = username.split('|');
  const actor = { type: 'user', id: login.userId === undefined ? null : String(login.userId), name: email } as const;
  const server = /^[0-9a-f]{8}$/.test(serverId) ? serverId : null;
  const ip = login.ip ?? null;
  activity.emit(
    login.userId === undefined
      ? { event: 'server.sftp.refused', actor, ip, server, data: { username } }
      : { event: 'server.sftp.login', actor, ip, server, data: { username } },
  );
}
