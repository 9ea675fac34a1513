import { Scopes, panelScopes } from '@outpost/shared';
import { loadConfig, migrateToLatest, openDatabase, repositories, type Repositories } from '@outpost/panel';
import { readOptions } from './args.js';

const PAGE = 100;

/** What one account holds panel-wide, as a cell: "admin", the scopes, or "-". */
async function rightsOf(repo: Repositories, userId: number): Promise<string> {
  const held = await repo.permissions.panelScopes(userId);
  if (held.includes(Scopes.ServersAdmin)) return 'admin';
  const known = panelScopes.filter((scope) => held.includes(scope));
  return known.length > 0 ? known.join(', ') : '-';
}

/** Lays rows out in columns as wide as their widest cell. */
function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

/** `outpost user list`: every account with what it holds at panel level, so one can see who administers. */
export async function userList(argv: string[]): Promise<void> {
  readOptions(argv, {});
  const config = loadConfig();
  const db = openDatabase(config.db);
  try {
    await migrateToLatest(db, config.db.dialect);
    const repo = repositories(db);
    const rows = [['ID', 'USERNAME', 'EMAIL', 'PANEL RIGHTS']];
    for (let offset = 0; ; offset += PAGE) {
      const { rows: users } = await repo.users.page({ offset, limit: PAGE, match: {} });
      for (const user of users) rows.push([String(user.id), user.username, user.email, await rightsOf(repo, user.id)]);
      if (users.length < PAGE) break;
    }
    if (rows.length === 1) {
      console.log('No users yet. Make the first administrator with: outpost user add --admin --email <email>');
      return;
    }
    console.log(formatTable(rows));
  } finally {
    await db.destroy();
  }
}
