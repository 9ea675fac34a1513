import type { Kysely } from 'kysely';
import { invitationsRepository } from './invitations.js';
import { nodesRepository } from './nodes.js';
import { passkeysRepository } from './passkeys.js';
import { passwordResetsRepository } from './passwordResets.js';
import { oauthClientsRepository } from './oauthClients.js';
import { oidcLinksRepository } from './oidcLinks.js';
import { oidcProvidersRepository } from './oidcProviders.js';
import { permissionsRepository } from './permissions.js';
import { recoveryCodesRepository } from './recoveryCodes.js';
import { ReadCache } from './ReadCache.js';
import type { Database } from './schema.js';
import { serversRepository } from './servers.js';
import { templatesRepository } from './templates.js';
import { templateRepositoriesRepository } from './templateRepositories.js';
import { sessionsRepository } from './sessions.js';
import { sshKeysRepository } from './sshKeys.js';
import { uploadsRepository } from './uploads.js';
import { settingsRepository } from './settings.js';
import { userSettingsRepository } from './userSettings.js';
import { usersRepository } from './users.js';
import { activityRepository } from './activity.js';
import { attemptsRepository } from './attempts.js';
import { ticketsRepository } from './tickets.js';
import { metricsRepository } from './metrics.js';
import { webhookDeliveriesRepository } from './webhookDeliveries.js';
import { webhooksRepository } from './webhooks.js';

/** One query module per table, bound to one database. */
export function repositories(db: Kysely<Database>) {
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    permissions: permissionsRepository(db),
    settings: settingsRepository(db),
    userSettings: userSettingsRepository(db),
    nodes: nodesRepository(db),
    servers: serversRepository(db),
    templates: templatesRepository(db),
    oauthClients: oauthClientsRepository(db),
    templateRepositories: templateRepositoriesRepository(db),
    invitations: invitationsRepository(db),
    passwordResets: passwordResetsRepository(db),
    activity: activityRepository(db),
    metrics: metricsRepository(db),
    webhooks: webhooksRepository(db),
    webhookDeliveries: webhookDeliveriesRepository(db),
    sshKeys: sshKeysRepository(db),
    recoveryCodes: recoveryCodesRepository(db),
    passkeys: passkeysRepository(db),
    oidcProviders: oidcProvidersRepository(db),
    oidcLinks: oidcLinksRepository(db),
    uploads: uploadsRepository(db),
    attempts: attemptsRepository(db),
    tickets: ticketsRepository(db),
    /** Hot reads (session, scopes), kept until the database's next write. */
    reads: new ReadCache(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;
