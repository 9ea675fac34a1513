import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackupStorage } from '@outpost/shared';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/testDatabase.js';
import { migrateToLatest } from '../migrate.js';
import { backupStorageOf, backupsColumn } from '../nodes.js';
import { openDatabase } from '../openDatabase.js';
import { repositories } from '../repositories.js';
import type { Database } from '../schema.js';
import { foundation } from './0001_foundation.js';
import { serversAndTemplates } from './0002_servers_templates.js';
import { lowercaseEmails } from './0003_lowercase_emails.js';
import { oauthClients } from './0004_oauth_clients.js';
import { invitationsAndPasswordResets } from './0006_invitations_password_resets.js';
import { templateRepositories } from './0008_template_repositories.js';

describe.each(testDialects())('migration 0009 (node backups) on %s', (dialect) => {
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
      '0006_invitations_password_resets': invitationsAndPasswordResets(),
      '0008_template_repositories': templateRepositories(dialect),
    };
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    if (error) throw error;
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  it('keeps every node there was on local storage, and keeps S3 storage whole, its secret included', async () => {
    const node = { public_host: 'play.example.com', public_port: 8080, private_host: '', private_port: 8080, sftp_port: 5657, secret: 's', is_local: 0 };
    await (db as Kysely<any>).insertInto('nodes').values({ ...node, name: 'old' }).execute();
    expect(await migrateToLatest(db, dialect)).toContain('0009_node_backups');
    const repo = repositories(db);
    const [old] = await repo.nodes.list();
    expect(backupStorageOf(old)).toEqual({ type: 'local' });

    const s3: BackupStorage = { type: 's3', endpoint: 'https://s3.example.com', region: 'eu-west-1', bucket: 'b', prefix: 'p/', accessKeyId: 'AK', secretAccessKey: 'x'.repeat(512), forcePathStyle: true };
    await repo.nodes.update(old.id, { backups: backupsColumn(s3) });
    expect(backupStorageOf((await repo.nodes.byId(old.id))!)).toEqual(s3);
    await repo.nodes.update(old.id, { backups: backupsColumn({ type: 'local' }) });
    expect((await repo.nodes.byId(old.id))!.backups).toBeNull();
    // A node added afterwards starts on local storage too.
    const id = await repo.nodes.insert({ ...node, name: 'new' });
    expect(backupStorageOf((await repo.nodes.byId(id))!)).toEqual({ type: 'local' });
  });
});
