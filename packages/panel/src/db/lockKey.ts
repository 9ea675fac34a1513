import { MysqlAdapter, PostgresAdapter, sql, type Kysely } from 'kysely';
import { OutpostError } from '@outpost/shared';
import type { Database } from './schema.js';

/** The first half of PostgreSQL's two-part advisory lock keys taken here, apart from any single-number lock. */
const POSTGRES_LOCK_CLASS = 0x4f50; // "OP"
/** Seconds MySQL's GET_LOCK waits before the request gives up (503). */
const MYSQL_LOCK_WAIT_S = 10;

/**
 * Runs `work` with `key` locked against every other connection to the database, from this
 * process or another panel's, and hands it the connection to run on. PostgreSQL takes a
 * transaction-scoped advisory lock; MySQL a named lock (GET_LOCK), released after; SQLite has one
 * writer for the whole file, taken up front (BEGIN IMMEDIATE) so a second process waits its busy
 * timeout instead of reading a count that is about to change. `key` should be short (a hash).
 */
export async function lockKey<T>(db: Kysely<Database>, key: string, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${POSTGRES_LOCK_CLASS}, hashtext(${key}))`.execute(trx);
      return work(trx);
    });
  }
  if (adapter instanceof MysqlAdapter) {
    return db.connection().execute(async (connection) => {
      // MySQL names locks in at most 64 characters.
      const name = `outpost:${key}`.slice(0, 64);
      const got = await sql<{ locked: number | null }>`select get_lock(${name}, ${MYSQL_LOCK_WAIT_S}) as locked`.execute(connection);
      if (Number(got.rows[0]?.locked) !== 1) throw new OutpostError('ErrDatabaseNotAvailable', 'Database is not available', undefined, 503);
      try {
        return await work(connection);
      } finally {
        await sql`select release_lock(${name})`.execute(connection);
      }
    });
  }
  // Kysely's SQLite driver runs one query at a time on one connection; holding it keeps this process's others out too.
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const out = await work(connection);
      await sql`commit`.execute(connection);
      return out;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
