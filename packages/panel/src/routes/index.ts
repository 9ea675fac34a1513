import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.js';
import configRoutes from './config/config.js';
import inviteRoutes from './invites/invites.js';
import nodesRoutes from './nodes/nodes.js';
import oauthClientRoutes from './oauth2/clients.js';
import oauthTokenRoutes from './oauth2/token.js';
import passwordResetRoutes from './passwordReset/passwordReset.js';
import proxyRoutes from './proxy/proxy.js';
import serversRoutes from './servers/servers.js';
import serversLiveRoutes from './servers/serversLive.js';
import serverUsersRoutes from './serverUsers/serverUsers.js';
import sftpAuthRoutes from './sftpAuth/sftpAuth.js';
import templatesRoutes from './templates/templates.js';
import templateReposRoutes from './templateRepos/templateRepos.js';
import themeRoutes from './theme/theme.js';
import selfOtpRoutes from './self/otp.js';
import selfRoutes from './self/self.js';
import selfNotificationsRoutes from './self/notifications.js';
import sshKeysRoutes from './sshKeys/sshKeys.js';
import passkeysRoutes from './passkeys/passkeys.js';
import passkeySignInRoutes from './passkeys/passkeySignIn.js';
import settingsRoutes from './settings/settings.js';
import userSettingsRoutes from './userSettings/userSettings.js';
import usersRoutes from './users/users.js';
import webhooksRoutes from './webhooks/webhooks.js';
import uploadRoutes from './uploads/uploads.js';
import activityRoutes from './activity/activity.js';
import statsHistoryRoutes from './statsHistory/statsHistory.js';
import metricsRoutes from './metrics/metrics.js';
import healthRoutes from './health/health.js';
import daemonDownloadRoutes from './daemonDownload/daemonDownload.js';
import oidcRoutes from './oidc/oidc.js';
import oidcProvidersRoutes from './oidc/oidcProviders.js';

/** Every route area, by hand, so what the panel serves is readable in one place. */
export const routeAreas: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  inviteRoutes,
  passwordResetRoutes,
  configRoutes,
  selfRoutes,
  selfOtpRoutes,
  selfNotificationsRoutes,
  sshKeysRoutes,
  passkeysRoutes,
  passkeySignInRoutes,
  oauthTokenRoutes,
  oauthClientRoutes,
  settingsRoutes,
  userSettingsRoutes,
  serversRoutes,
  serversLiveRoutes,
  serverUsersRoutes,
  usersRoutes,
  nodesRoutes,
  sftpAuthRoutes,
  templatesRoutes,
  templateReposRoutes,
  themeRoutes,
  proxyRoutes,
  uploadRoutes,
  webhooksRoutes,
  activityRoutes,
  statsHistoryRoutes,
  metricsRoutes,
  healthRoutes,
  daemonDownloadRoutes,
  oidcRoutes,
  oidcProvidersRoutes,
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const area of routeAreas) await app.register(area);
  // The OpenAPI page at the address people type.
  app.get('/swagger/index.html', { schema: { hide: true }, config: { scope: 'public' } }, (_request, reply) => reply.redirect('/swagger/'));
}
