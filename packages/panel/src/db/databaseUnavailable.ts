import { OutpostError } from '@outpost/shared';

/** Socket errors a driver raises when it cannot reach its server. */
const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** Driver codes for a server that is gone, shutting down or full (PostgreSQL 57P0x, 53300; MySQL). */
const serverGone = new Set(['57P01', '57P02', '57P03', '53300', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN']);

/**
 * True when a query failed because the database could not be reached or is busy, not because of
 * the query: a refused or lost connection, a server shutting down, or SQLite still locked by
 * another process after the busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof OutpostError) return false;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (unreachable.has(code) || serverGone.has(code) || code.startsWith('08')) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_IOERR')) return true;
  }
  // pg names a dropped connection only in its message.
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/** 503 ErrDatabaseNotAvailable in place of a driver's connection failure; other errors pass as they are. */
export function asUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? new OutpostError('ErrDatabaseNotAvailable', 'Database is not available', undefined, 503) : error;
}
