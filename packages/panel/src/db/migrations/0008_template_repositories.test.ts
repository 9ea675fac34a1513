import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/testDatabase.js';
import { migrateToLatest } from '../migrate.js';
import { openDatabase } from '../openDatabase.js';
import { repositories } from '../repositories.js';
import type { Database } from '../schema.js';
import { foundation } from './0001_foundation.js';
import { serversAndTemplates } from './0002_servers_templates.js';
import { lowercaseEmails } from './0003_lowercase_emails.js';
import { oauthClients } from './0004_oauth_clients.js';

describe.each(testDialects())('migration 0008 (template repositories) on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    // The schema as it was before this migration.
    const before = {
      '0001_foundation': foundation(dialect),
      '0002_servers_templates': serversAndTemplates(dialect),
      '0003_lowercase_emails': lowercaseEmails(),
      '0004_oauth_clients': oauthClients(),
    };
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    if (error) throw error;
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  it('keeps the repository the old setting named as the first one added by URL', async () => {
    await db.insertInto('settings').values({ key: 'panel.templates.repository', value: 'https://templates.example.com/outpost/' }).execute();
    await migrateToLatest(db, dialect);
    expect(await repositories(db).templateRepositories.list()).toEqual([{ id: expect.any(Number), url: 'https://templates.example.com/outpost' }]);
  });

  it('starts with none when the setting was never set', async () => {
    await migrateToLatest(db, dialect);
    const repo = repositories(db).templateRepositories;
    expect(await repo.list()).toEqual([]);
    await repo.add('https://a.example.com');
    await expect(repo.add('https://a.example.com')).rejects.toThrow();
  });
});
