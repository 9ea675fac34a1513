import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './openDatabase.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-db-'));
  // An open folder, so only the database file's own mode can keep others out.
  chmodSync(dir, 0o755);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite database file', () => {
  it('is readable by the panel\'s user alone, with its WAL files', async () => {
    const url = join(dir, 'outpost.db');
    const db = openDatabase({ dialect: 'sqlite', url });
    try {
      await sql`create table probe (secret text)`.execute(db);
      await sql`insert into probe values ('token')`.execute(db);
      for (const file of [url, `${url}-wal`, `${url}-shm`]) expect(statSync(file).mode & 0o777).toBe(0o600);
      if (process.getuid?.() === 0) {
        // As a server program would run under a root daemon: a uid of its own, no groups.
        const read = spawnSync('cat', [url], { uid: 900_777, gid: 900_777, encoding: 'utf8' });
        expect(read.status).not.toBe(0);
        expect(read.stderr).toContain('Permission denied');
      }
    } finally {
      await db.destroy();
    }
  });

  it('is tightened when an older start left it readable', async () => {
    const url = join(dir, 'outpost.db');
    await openDatabase({ dialect: 'sqlite', url }).destroy();
    chmodSync(url, 0o644);
    const db = openDatabase({ dialect: 'sqlite', url });
    await db.destroy();
    expect(statSync(url).mode & 0o777).toBe(0o600);
  });
});
