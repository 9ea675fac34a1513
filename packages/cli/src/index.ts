import { OutpostError } from '@outpost/shared';
import { daemon } from './daemon.js';
import { migrate } from './migrate.js';
import { run } from './run.js';
import { userAdd } from './userAdd.js';
import { userList } from './userList.js';

const usage = `Usage: outpost <command>

  run                      migrate, then start the panel (what npm start does)
  user add [--admin] --email <email> --username <name> --password <password>
                           create a user; missing values are asked for; with --admin and
                           the email of an existing account, make that account an administrator
  user list                every user with their panel rights (admin, or the scopes held)
  migrate                  bring the database schema up to date
  daemon [--config <file>] run a daemon for a remote node from its deployment information
                           (the JSON of GET /api/nodes/{id}/deployment; default ./daemon.json)

Configuration: outpost.json (or OUTPOST_CONFIG), overridden by OUTPOST_PORT, OUTPOST_HOST,
OUTPOST_DATA_DIR, OUTPOST_DB_DIALECT, OUTPOST_DB_URL, OUTPOST_SFTP_PORT, OUTPOST_SESSION_MINUTES,
OUTPOST_ADMIN_EMAIL, OUTPOST_ADMIN_PASSWORD, OUTPOST_ADMIN_USERNAME, OUTPOST_LOCAL_NODE (false: a
panel-only instance on PostgreSQL, deploy/README.md) and OUTPOST_DRAIN_SECONDS.`;

/** Entry of the `outpost` command: dispatches to one file per command. */
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        return await run(rest);
      case 'user':
        if (rest[0] === 'add') return await userAdd(rest.slice(1));
        if (rest[0] === 'list') return await userList(rest.slice(1));
        throw new Error(`unknown command: user ${rest[0] ?? ''}\n\n${usage}`);
      case 'migrate':
        return await migrate(rest);
      case 'daemon':
        return await daemon(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(usage);
        return;
      default:
        throw new Error(`unknown command: ${command}\n\n${usage}`);
    }
  } catch (error) {
    // Field errors carry the spec's message; say which field.
    if (error instanceof OutpostError) {
      const field = typeof error.metadata?.field === 'string' ? `${error.metadata.field}: ` : '';
      throw new Error(`${field}${error.message}`, { cause: error });
    }
    throw error;
  }
}
