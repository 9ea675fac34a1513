import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { WriteWatch } from './watchWrites.js';

const MAX_ENTRIES = 10_000;
/**
 * How long an entry may answer at most. Writes through this process empty the cache at once, and so
 * do another panel's on the same PostgreSQL, told by the cluster bus (services/cluster/); a write
 * by a process that tells nobody (`outpost user add` on the same SQLite file while the panel runs,
 * a bus reconnecting) is seen within this time instead.
 */
export const READ_CACHE_MAX_AGE_MS = 1000;
const watches = new WeakMap<Kysely<Database>, WriteWatch>();

/** The WriteWatch of a database opened by openDatabase (none for another). */
export function writeWatchOf(db: Kysely<Database>): WriteWatch | undefined {
  return watches.get(db);
}

/** Remembers the WriteWatch of a database opened by openDatabase. */
export function rememberWatch(db: Kysely<Database>, watch: WriteWatch): Kysely<Database> {
  watches.set(db, watch);
  return db;
}

/**
 * Answers repeated reads (a session, the scopes a user holds) from memory until the database
 * takes any write at all: each entry carries the write generation it was read under, and a
 * read that a write overlapped is not kept. So a logout, a revoked permission or a deleted
 * user or client is seen by the very next request, while a page of GETs costs no lookup.
 * A database not opened by openDatabase has no watch: every read then goes to it.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; at: number }>();
  private readonly watch: WriteWatch | undefined;
  private generation = -1;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.watch = watches.get(db);
  }

  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const watch = this.watch;
    if (!watch) return read();
    const before = watch.generation;
    if (before !== this.generation) {
      this.entries.clear();
      this.generation = before;
    }
    const hit = this.entries.get(key);
    const readAt = this.now();
    if (hit && readAt - hit.at < READ_CACHE_MAX_AGE_MS) return hit.value as T;
    const value = await read();
    if (watch.generation === before && this.generation === before) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, at: readAt });
    }
    return value;
  }
}
