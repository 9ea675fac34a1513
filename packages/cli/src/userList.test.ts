import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scopes } from '@outpost/shared';
import { openDatabase, repositories } from '@outpost/panel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './index.js';

describe('outpost user list', () => {
  let dir: string;
  let printed: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-cli-'));
    vi.stubEnv('OUTPOST_DATA_DIR', dir);
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says how to make the first administrator when there is nobody', async () => {
    await main(['user', 'list']);
    expect(printed.at(-1)).toBe('No users yet. Make the first administrator with: outpost user add --admin --email <email>');
  });

  it('shows each user with admin, the panel scopes they hold, or a dash, in columns', async () => {
    await main(['user', 'add', '--admin', '--email', 'boss@example.com', '--username', 'the_boss', '--password', 'password1']);
    await main(['user', 'add', '--email', 'helper@example.com', '--username', 'helper', '--password', 'password1']);
    await main(['user', 'add', '--email', 'newbie@example.com', '--username', 'newbie', '--password', 'password1']);
    const db = openDatabase({ dialect: 'sqlite', url: join(dir, 'outpost.db') });
    const repo = repositories(db);
    const helper = (await repo.users.byUsername('helper'))!;
    // Only panel-level rights count; a server's are not shown as panel rights.
    await repo.permissions.replace(helper.id, null, [Scopes.TemplatesView, Scopes.NodesView]);
    await repo.permissions.replace(helper.id, 'abcd0123', [Scopes.ServerView, Scopes.ServerStart]);
    await db.destroy();

    await main(['user', 'list']);
    const lines = printed.at(-1)!.split('\n');
    expect(lines.map((line) => line.split(/\s{2,}/))).toEqual([
      ['ID', 'USERNAME', 'EMAIL', 'PANEL RIGHTS'],
      ['2', 'helper', 'helper@example.com', 'nodes.view, templates.view'],
      ['3', 'newbie', 'newbie@example.com', '-'],
      ['1', 'the_boss', 'boss@example.com', 'admin'],
    ]);
    // The columns line up: every row's email starts where the header's does.
    const column = lines[0]!.indexOf('EMAIL');
    expect(lines.every((line) => line.slice(column).startsWith(line.split(/\s{2,}/)[2]!))).toBe(true);
  });

  it('refuses options it does not know', async () => {
    await expect(main(['user', 'list', '--all'])).rejects.toThrow(/Unknown option '--all'/);
  });
});
