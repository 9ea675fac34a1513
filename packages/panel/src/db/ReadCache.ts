import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { WriteWatch } from './watchWrites.js';

const MAX_ENTRIES = 10_000;
const watches = new WeakMap<Kysely<Database>, WriteWatch>();

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
  private readonly entries = new Map<string, { value: unknown }>();
  private readonly watch: WriteWatch | undefined;
  private generation = -1;

  constructor(db: Kysely<Database>) {
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
    if (hit) return hit.value as T;
    const value = await read();
    if (watch.generation === before && this.generation === before) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value });
    }
    return value;
  }
}
