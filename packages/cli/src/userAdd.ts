import { Scopes, assertEmail, assertPassword, assertUsername } from '@outpost/shared';
import { createUser, loadConfig, migrateToLatest, normaliseEmail, openDatabase, repositories } from '@outpost/panel';
import { readOptions } from './args.js';
import { ask } from './prompt.js';

/**
 * `outpost user add [--admin] --email --username --password`: asks for what is missing. With
 * `--admin` and the email of an existing account, that account becomes an administrator (the way
 * to promote someone who signed up on the web page); nothing else about it changes.
 */
export async function userAdd(argv: string[]): Promise<void> {
  const options = readOptions(argv, {
    admin: { type: 'boolean' },
    email: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
  });
  const text = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  // Stored, and shown back, in the form logins compare: trimmed and lower-case.
  const email = normaliseEmail(text('email') ?? (await ask('Email: ')));
  assertEmail(email);

  const config = loadConfig();
  const db = openDatabase(config.db);
  try {
    await migrateToLatest(db, config.db.dialect);
    const repo = repositories(db);
    const existing = options.admin ? await repo.users.byEmail(email) : undefined;
    if (existing) {
      const held = await repo.permissions.panelScopes(existing.id);
      if (held.includes(Scopes.ServersAdmin)) {
        console.log(`${existing.username} <${existing.email}> (id ${existing.id}) is already an administrator.`);
        return;
      }
      await repo.permissions.replace(existing.id, null, [...held, Scopes.ServersAdmin]);
      console.log(`${existing.username} <${existing.email}> (id ${existing.id}) is now an administrator.`);
      return;
    }
    const username = text('username') ?? (await ask('Username: '));
    assertUsername(username);
    const password = text('password') ?? (await ask('Password: ', true));
    assertPassword(password);
    const id = await createUser(repo, { email, username, password, scopes: options.admin ? [Scopes.ServersAdmin] : [] });
    console.log(`Created ${options.admin ? 'administrator' : 'user'} ${username} <${email}> (id ${id}).`);
  } finally {
    await db.destroy();
  }
}
