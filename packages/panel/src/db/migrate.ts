import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbDialect } from '../config.js';
import { foundation } from './migrations/0001_foundation.js';
import { serversAndTemplates } from './migrations/0002_servers_templates.js';
import { lowercaseEmails } from './migrations/0003_lowercase_emails.js';
import { oauthClients } from './migrations/0004_oauth_clients.js';
import { invitationsAndPasswordResets } from './migrations/0006_invitations_password_resets.js';
import { templateRepositories } from './migrations/0008_template_repositories.js';
import { nodeBackups } from './migrations/0009_node_backups.js';
import { webhooks } from './migrations/0011_webhooks.js';
import { activity } from './migrations/0012_activity.js';
import { metrics } from './migrations/0013_metrics.js';
import { sshKeys } from './migrations/0014_ssh_keys.js';
import { recoveryCodes } from './migrations/0015_recovery_codes.js';
import { oidc } from './migrations/0016_oidc.js';
import { passkeys } from './migrations/0017_passkeys.js';
import { attemptsAndTickets } from './migrations/0018_attempts_tickets.js';
import { uploads } from './migrations/0019_uploads.js';
import { nodeEventPositions } from './migrations/0020_node_event_positions.js';
import type { Database } from './schema.js';

/** Every migration, in order. Names sort; add new ones at the end. */
function migrations(dialect: DbDialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_servers_templates': serversAndTemplates(dialect),
    '0003_lowercase_emails': lowercaseEmails(),
    '0004_oauth_clients': oauthClients(),
    '0006_invitations_password_resets': invitationsAndPasswordResets(),
    '0008_template_repositories': templateRepositories(dialect),
    '0009_node_backups': nodeBackups(),
    '0011_webhooks': webhooks(dialect),
    '0012_activity': activity(dialect),
    '0013_metrics': metrics(dialect),
    '0014_ssh_keys': sshKeys(dialect),
    '0015_recovery_codes': recoveryCodes(),
    '0016_oidc': oidc(dialect),
    '0017_passkeys': passkeys(dialect),
    '0018_attempts_tickets': attemptsAndTickets(),
    '0019_uploads': uploads(),
    '0020_node_event_positions': nodeEventPositions(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DbDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DbDialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
