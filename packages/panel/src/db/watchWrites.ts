import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { asUnavailable } from './databaseUnavailable.js';

/**
 * Counts the writes a database takes through this process: `generation` moves when a query other
 * than a SELECT starts and when it ends, and when a transaction commits or rolls back. A reader
 * that saw the same generation before and after its read knows no write of ours overlapped it
 * (ReadCache builds on that).
 */
export class WriteWatch {
  generation = 0;
  private readonly listeners = new Set<() => void>();

  /** A write of ours started or ended (or another panel says one of its writes did): cached reads are stale. */
  bump(): void {
    this.generation++;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` at every bump of ours (the cluster bus tells the other panels); answers the removal. */
  onBump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another panel on the same database wrote: what is cached here is stale, but others need not be told. */
  bumpFromElsewhere(): void {
    this.generation++;
  }
}

const patched = new WeakSet<DatabaseConnection>();

function watchConnection(connection: DatabaseConnection, watch: WriteWatch): DatabaseConnection {
  if (patched.has(connection)) return connection;
  const execute = connection.executeQuery.bind(connection);
  // Anything but a SELECT (raw SQL included) counts as a write: a wrong guess costs a cache refill, never a stale answer.
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const isWrite = query.query.kind !== 'SelectQueryNode';
    if (isWrite) watch.bump();
    try {
      return await execute<R>(query);
    } catch (error) {
      throw asUnavailable(error);
    } finally {
      if (isWrite) watch.bump();
    }
  };
  patched.add(connection);
  return connection;
}

/** The driver of `inner`, with every write and every transaction's end counted on `watch`. */
function watchedDriver(inner: Driver, watch: WriteWatch): Driver {
  const ended = async (end: Promise<void>) => {
    try {
      await end;
    } finally {
      watch.bump();
    }
  };
  const driver: Driver = {
    init: () => inner.init(),
    // A database that cannot be reached answers 503 ErrDatabaseNotAvailable, not a 500.
    acquireConnection: async () => watchConnection(await inner.acquireConnection().catch((error: unknown) => Promise.reject(asUnavailable(error))), watch),
    beginTransaction: (connection, settings) => inner.beginTransaction(connection, settings),
    commitTransaction: (connection) => ended(inner.commitTransaction(connection)),
    rollbackTransaction: (connection) => ended(inner.rollbackTransaction(connection)),
    releaseConnection: (connection) => inner.releaseConnection(connection),
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint) driver.savepoint = inner.savepoint.bind(inner);
  if (inner.rollbackToSavepoint) driver.rollbackToSavepoint = (c, name, compile) => ended(inner.rollbackToSavepoint!(c, name, compile));
  if (inner.releaseSavepoint) driver.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  return driver;
}

/** `dialect` with its writes counted on `watch`. */
export function watchWrites(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createDriver: () => watchedDriver(dialect.createDriver(), watch),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
