import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { PanelConfig } from '../config.js';
import type { Database } from './schema.js';

/** Opens the configured database; SQLite files get WAL and foreign keys. */
export function openDatabase(config: PanelConfig['db']): Kysely<Database> {
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
      return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    }
    case 'postgres':
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) }) });
    case 'mysql':
      return new Kysely<Database>({ dialect: new MysqlDialect({ pool: createPool({ uri: config.url, connectionLimit: 10 }) }) });
  }
}
