import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/testDatabase.js';
import { migrateToLatest } from '../migrate.js';
import { openDatabase } from '../openDatabase.js';
import { repositories } from '../repositories.js';
import type { Database } from '../schema.js';
import { foundation } from './0001_foundation.js';
import { serversAndTemplates } from './0002_servers_templates.js';

describe.each(testDialects())('migration 0003 (lower-case emails) on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    // The schema as it was before this migration.
    const before = { '0001_foundation': foundation(dialect), '0002_servers_templates': serversAndTemplates(dialect) };
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    if (error) throw error;
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  const add = (username: string, email: string) => db.insertInto('users').values({ username, email, password_hash: 'h', otp_active: 0 }).execute();
  const emails = async () => (await db.selectFrom('users').select(['username', 'email']).orderBy('username').execute()).map((r) => `${r.username}=${r.email}`);

  it('lower-cases existing emails, and the accounts sign in by any case', async () => {
    await add('mixed', 'Mixed.Case@Example.COM');
    await add('plain', 'plain@example.com');
    expect(await migrateToLatest(db, dialect)).toContain('0003_lowercase_emails');
    expect(await emails()).toEqual(['mixed=mixed.case@example.com', 'plain=plain@example.com']);
    const repo = repositories(db);
    expect((await repo.users.byEmail('MIXED.case@example.com'))?.username).toBe('mixed');
    expect((await repo.users.byEmail(' Plain@Example.com '))?.username).toBe('plain');
  });

  // MySQL's default collation never let two emails differ only by case.
  it.skipIf(dialect === 'mysql')('keeps both accounts that differ only by case; the exact spelling picks one', async () => {
    await add('upper', 'ADMIN@example.com');
    await add('lower', 'admin@example.com');
    await add('first', 'Twin@example.com');
    await add('second', 'TWIN@example.com');
    await migrateToLatest(db, dialect);
    // The lower-case one keeps its form; with none, the oldest takes it.
    expect(await emails()).toEqual(['first=twin@example.com', 'lower=admin@example.com', 'second=TWIN@example.com', 'upper=ADMIN@example.com']);
    const repo = repositories(db);
    expect((await repo.users.byEmail('ADMIN@example.com'))?.username).toBe('upper');
    expect((await repo.users.byEmail('Admin@Example.com'))?.username).toBe('lower');
    expect((await repo.users.byEmail('TWIN@example.com'))?.username).toBe('second');
    expect((await repo.users.byEmail('twin@EXAMPLE.com'))?.username).toBe('first');
  });
});
