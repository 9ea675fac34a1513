import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DbDialect, PanelConfig } from '../config.js';
import { openDatabase } from '../db/openDatabase.js';
import type { Database } from '../db/schema.js';

/** The dialects this run can test: SQLite always, the others when scripts/testDatabases.mjs started them. */
export function testDialects(): DbDialect[] {
  const out: DbDialect[] = ['sqlite'];
  if (process.env.OUTPOST_TEST_POSTGRES_URL) out.push('postgres');
  if (process.env.OUTPOST_TEST_MYSQL_URL) out.push('mysql');
  return out;
}

export interface TestDatabase {
  config: PanelConfig['db'];
  /** Drops the database (or removes the SQLite folder). */
  drop(): Promise<void>;
}

/** A fresh, empty database of one dialect, so test runs never see each other's rows. */
export async function createTestDatabase(dialect: DbDialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-panel-'));
    return { config: { dialect, url: join(dir, 'outpost.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = dialect === 'postgres' ? process.env.OUTPOST_TEST_POSTGRES_URL! : process.env.OUTPOST_TEST_MYSQL_URL!;
  const name = `outpost_t_${randomBytes(6).toString('hex')}`;
  const admin: Kysely<Database> = openDatabase({ dialect, url: adminUrl });
  await sql`create database ${sql.id(name)}`.execute(admin);
  await admin.destroy();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect, url: url.toString() },
    async drop() {
      const again: Kysely<Database> = openDatabase({ dialect, url: adminUrl });
      await sql`drop database if exists ${sql.id(name)}`.execute(again);
      await again.destroy();
    },
  };
}
