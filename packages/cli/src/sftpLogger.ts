import type { FastifyBaseLogger } from 'fastify';

/**
 * The SFTP log: the program's logger at info (or OUTPOST_LOG_LEVEL), so logins and session ends
 * are kept while the HTTP side logs only warnings by default.
 */
export function sftpLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  return log.child({ area: 'sftp' }, { level: process.env.OUTPOST_LOG_LEVEL || 'info' });
}
