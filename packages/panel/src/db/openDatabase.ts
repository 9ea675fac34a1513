import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, type Dialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { PanelConfig } from '../config.js';
import { rememberWatch } from './ReadCache.js';
import type { Database } from './schema.js';
import { WriteWatch, watchWrites } from './watchWrites.js';

const MAX_STATEMENTS = 500;

/**
 * The SQLite handle Kysely sees, with each statement prepared once: Kysely prepares every query
 * it runs, and preparing cost as much as running on the panel's hot paths. Statements are
 * reused one at a time (Kysely's SQLite driver runs one query at a time on its one connection).
 */
function preparedOnce(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens the configured database, its writes counted for ReadCache; SQLite files get WAL and foreign keys. */
export function openDatabase(config: PanelConfig['db']): Kysely<Database> {
  const watch = new WriteWatch();
  return rememberWatch(new Kysely<Database>({ dialect: watchWrites(dialectOf(config), watch) }), watch);
}

function dialectOf(config: PanelConfig['db']): Dialect {
  switch (config.dialect) {
    case 'sqlite': {
      mkdirSync(dirname(config.url), { recursive: true });
      // The daemon's user alone may read it (server programs run as other users); SQLite gives its
      // -wal and -shm files the database file's mode.
      if (config.url !== ':memory:') {
        closeSync(openSync(config.url, 'a', 0o600));
        for (const file of [config.url, `${config.url}-wal`, `${config.url}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
      }
      const sqlite = new SQLite(config.url);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      return new SqliteDialect({ database: preparedOnce(sqlite) });
    }
    case 'postgres': {
      const pool = new pg.Pool({ connectionString: config.url, max: 10 });
      // A connection whose server went away reports it as an 'error' event, from the pool when idle
      // and from the client while a query holds it; unheard, either would end the process. The
      // query itself fails (503 ErrDatabaseNotAvailable) and the pool opens a new connection later.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return new PostgresDialect({ pool });
    }
    case 'mysql':
      return new MysqlDialect({ pool: createPool({ uri: config.url, connectionLimit: 10 }) });
  }
}
