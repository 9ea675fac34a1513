import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scopes } from '@outpost/shared';
import { openDatabase, repositories } from '@outpost/panel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './index.js';

describe('outpost user add and migrate', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-cli-'));
    vi.stubEnv('OUTPOST_DATA_DIR', dir);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates an administrator who can then be found with the admin scope', async () => {
    await main(['user', 'add', '--admin', '--email', 'root@example.com', '--username', 'rootuser', '--password', 'password1']);
    const db = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    const repo = repositories(db);
    const user = await repo.users.byEmail('root@example.com');
    expect(user?.username).toBe('rootuser');
    expect(await repo.permissions.panelScopes(user!.id)).toEqual([Scopes.ServersAdmin]);
    await db.destroy();
  });

  it('with --admin and the email of an existing account, makes that account an administrator and keeps the rest', async () => {
    await main(['user', 'add', '--email', 'signed.up@example.com', '--username', 'signedup', '--password', 'password1']);
    const db = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    const repo = repositories(db);
    const user = (await repo.users.byEmail('signed.up@example.com'))!;
    await repo.permissions.replace(user.id, null, [Scopes.NodesView]);
    await repo.permissions.replace(user.id, 'abcd0123', [Scopes.ServerView]);
    await db.destroy();

    await main(['user', 'add', '--admin', '--email', 'Signed.Up@example.com']);
    expect(console.log).toHaveBeenLastCalledWith(`signedup <signed.up@example.com> (id ${user.id}) is now an administrator.`);
    await main(['user', 'add', '--admin', '--email', 'signed.up@example.com']);
    expect(console.log).toHaveBeenLastCalledWith(expect.stringContaining('is already an administrator'));

    const after = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    const again = repositories(after);
    expect((await again.permissions.panelScopes(user.id)).sort()).toEqual([Scopes.NodesView, Scopes.ServersAdmin].sort());
    expect(await again.permissions.serverScopes(user.id, 'abcd0123')).toEqual([Scopes.ServerView]);
    expect((await again.users.byId(user.id))?.username).toBe('signedup');
    expect(await again.users.count()).toBe(1);
    await after.destroy();
  });

  it('without --admin still refuses an email that has an account', async () => {
    await main(['user', 'add', '--email', 'taken@example.com', '--username', 'takenuser', '--password', 'password1']);
    await expect(main(['user', 'add', '--email', 'taken@example.com', '--username', 'otheruser', '--password', 'password1'])).rejects.toThrow(/already exists/);
  });

  it('stores the email lower-cased and trimmed, and refuses the same email in another case', async () => {
    await main(['user', 'add', '--email', ' Mixed.Case@Example.COM ', '--username', 'mixeduser', '--password', 'password1']);
    expect(console.log).toHaveBeenLastCalledWith(expect.stringContaining('<mixed.case@example.com>'));
    await expect(main(['user', 'add', '--email', 'MIXED.CASE@example.com', '--username', 'otheruser', '--password', 'password1'])).rejects.toThrow(/already exists/);
    const db = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    const user = await repositories(db).users.byUsername('mixeduser');
    await db.destroy();
    expect(user?.email).toBe('mixed.case@example.com');
  });

  it('refuses values that break the spec rules, naming the field', async () => {
    await expect(main(['user', 'add', '--email', 'nope', '--username', 'rootuser', '--password', 'password1'])).rejects.toThrow('email: not a valid email');
    await expect(main(['user', 'add', '--email', 'a@example.com', '--username', 'abc', '--password', 'password1'])).rejects.toThrow(/username at least 5/);
  });

  it('migrates an empty database and then reports it up to date', async () => {
    await main(['migrate']);
    await main(['migrate']);
    expect(console.log).toHaveBeenLastCalledWith('The database is up to date.');
  });

  it('refuses an unknown command with the usage', async () => {
    await expect(main(['fly'])).rejects.toThrow(/unknown command: fly[\s\S]*Usage/);
  });
});
