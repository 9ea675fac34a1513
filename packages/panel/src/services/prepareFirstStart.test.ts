import { Scopes, SettingKeys } from '@outpost/shared';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PanelConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/openDatabase.js';
import { repositories, type Repositories } from '../db/repositories.js';
import type { Database } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../test/testDatabase.js';
import { LOCAL_NODE_NAME, prepareFirstStart } from './prepareFirstStart.js';

describe('prepareFirstStart', () => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let repo: Repositories;
  let config: PanelConfig;

  beforeEach(async () => {
    test = await createTestDatabase('sqlite');
    db = openDatabase(test.config);
    await migrateToLatest(db, 'sqlite');
    repo = repositories(db);
    config = { port: 8080, host: '0.0.0.0', dataDir: '/tmp', db: test.config, sftpPort: 5657, admin: { username: 'admin' }, sessionMinutes: 60 };
  });
  afterEach(async () => {
    await db.destroy();
    await test.drop();
  });

  it('creates the local node where the master URL points, once', async () => {
    await prepareFirstStart(repo, config);
    await prepareFirstStart(repo, config);
    const nodes = await repo.nodes.list();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ name: LOCAL_NODE_NAME, is_local: 1, public_host: 'localhost', public_port: 8080, sftp_port: 5657 });
    expect(nodes[0].secret.length).toBeGreaterThanOrEqual(32);
    expect(await repo.settings.get(SettingKeys.masterUrl)).toBe('http://localhost:8080');
  });

  it('adds no local node for a panel-only instance: its nodes are all remote daemons', async () => {
    await prepareFirstStart(repo, { ...config, localNode: false });
    expect(await repo.nodes.list()).toEqual([]);
    expect(await repo.settings.get(SettingKeys.masterUrl)).toBe('http://localhost:8080');
  });

  it('creates the administrator from OUTPOST_ADMIN_* when no user exists, and never a second time', async () => {
    config.admin = { email: 'root@example.com', password: 'password1', username: 'admin' };
    expect(await prepareFirstStart(repo, config)).toEqual({ adminCreated: true });
    const admin = await repo.users.byEmail('root@example.com');
    expect(await repo.permissions.panelScopes(admin!.id)).toEqual([Scopes.ServersAdmin]);
    config.admin = { email: 'second@example.com', password: 'password1', username: 'admin2' };
    expect(await prepareFirstStart(repo, config)).toEqual({ adminCreated: false });
    expect(await repo.users.count()).toBe(1);
  });
});
