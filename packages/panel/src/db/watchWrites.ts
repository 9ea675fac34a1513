import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, RootOperationNode } from 'kysely';
import { asUnavailable } from './databaseUnavailable.js';

/**
 * Counts the writes a database takes through this process: `generation` moves when a query that
 * may change a cached read (mayChangeCachedReads) starts and when it ends, and when a transaction
 * that made one commits or rolls back. A reader
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

/**
 * Tables no cached read (repo.reads) touches: writes to them alone leave every cached answer right,
 * so a login's attempt rows, an activity entry or a stats span empties no cache here and, through
 * the cluster bus, on no other panel. A table a cached read comes to depend on must leave this list.
 */
const UNCACHED_TABLES = new Set(['attempts', 'tickets', 'activity', 'metrics', 'webhook_deliveries']);

function tableName(node: OperationNode | undefined): string | undefined {
  return node?.kind === 'TableNode' ? (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name : undefined;
}

const uncached = (node: OperationNode | undefined) => UNCACHED_TABLES.has(tableName(node) ?? '');

/**
 * Whether a query may change what a cached read answers. A wrong yes costs a cache refill, a wrong
 * no a stale answer: so anything not known to be harmless is a write (raw SQL but a SELECT, DDL).
 */
function mayChangeCachedReads(query: CompiledQuery): boolean {
  const node = query.query as RootOperationNode & { into?: OperationNode; from?: { froms: OperationNode[] }; table?: OperationNode };
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'RawNode':
      // An advisory lock, a count: reads. A transaction's own statements: its end is counted by the driver
      // (ended, below) when it wrote. Anything else raw (DDL, a hand-written write) is counted.
      return !/^\s*(select|begin|start transaction|commit|rollback|savepoint|release)\b/i.test(query.sql);
    case 'InsertQueryNode':
      return !uncached(node.into);
    case 'DeleteQueryNode':
      return !(node.from?.froms.length && node.from.froms.every(uncached));
    case 'UpdateQueryNode':
      return !uncached(node.table);
    default:
      return true;
  }
}

const patched = new WeakSet<DatabaseConnection>();
/** Connections inside a transaction, and whether it has written anything a cached read may answer. */
const inTransaction = new WeakMap<DatabaseConnection, boolean>();

function watchConnection(connection: DatabaseConnection, watch: WriteWatch): DatabaseConnection {
  if (patched.has(connection)) return connection;
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const isWrite = mayChangeCachedReads(query);
    if (isWrite) {
      if (inTransaction.has(connection)) inTransaction.set(connection, true);
      watch.bump();
    }
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
  // A transaction's writes become visible to others at its end: readers in between may have cached what was there before.
  const ended = async (connection: DatabaseConnection, end: Promise<void>) => {
    const wrote = inTransaction.get(connection) ?? true;
    inTransaction.delete(connection);
    try {
      await end;
    } finally {
      if (wrote) watch.bump();
    }
  };
  const driver: Driver = {
    init: () => inner.init(),
    // A database that cannot be reached answers 503 ErrDatabaseNotAvailable, not a 500.
    acquireConnection: async () => watchConnection(await inner.acquireConnection().catch((error: unknown) => Promise.reject(asUnavailable(error))), watch),
    beginTransaction: async (connection, settings) => {
      await inner.beginTransaction(connection, settings);
      inTransaction.set(connection, false);
    },
    commitTransaction: (connection) => ended(connection, inner.commitTransaction(connection)),
    rollbackTransaction: (connection) => ended(connection, inner.rollbackTransaction(connection)),
    releaseConnection: (connection) => inner.releaseConnection(connection),
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint) driver.savepoint = inner.savepoint.bind(inner);
  if (inner.rollbackToSavepoint) {
    driver.rollbackToSavepoint = async (c, name, compile) => {
      try {
        await inner.rollbackToSavepoint!(c, name, compile);
      } finally {
        watch.bump();
      }
    };
  }
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
