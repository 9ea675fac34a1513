// A PostgreSQL for a bench: the one OUTPOST_TEST_POSTGRES_URL names, or a throwaway one started the
// way the tests start theirs (scripts/testDatabases.mjs). Each call makes a fresh database in it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../../scripts/testDatabases.mjs';

/** Starts (or finds) PostgreSQL; answers `database()` (a fresh database's URL) and `stop()`, or null when PostgreSQL is not installed. */
export async function benchPostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-bench-pg-'));
  const server = await startPostgres(dir);
  if (!server) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const made = [];
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    async database() {
      const name = `outpost_bench_${randomBytes(5).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      made.push(name);
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async stop() {
      for (const name of made) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await server.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
