import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { PanelConfig } from './config.js';
import type { PanelContext } from './context.js';
import { migrateToLatest } from './db/migrate.js';
import { NodeClients } from './nodes/NodeClients.js';
import { NodeHealth } from './nodes/NodeHealth.js';
import { OpenSockets } from './services/access/OpenSockets.js';
import { openDatabase } from './db/openDatabase.js';
import { repositories } from './db/repositories.js';
import type { Database } from './db/schema.js';
import { registerErrors, routingError } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerScopes } from './plugins/scopes.js';
import { registerCrossSiteGuard } from './plugins/crossSite.js';
import { registerSecurityHeaders } from './plugins/securityHeaders.js';
import { registerSpa } from './plugins/spa.js';
import { SOCKET_MAX_MESSAGE_BYTES } from './routes/proxy/socketProxy.js';
import { registerRoutes } from './routes/index.js';
import { SYSTEM_ACTOR } from '@outpost/shared';
import { StoredBudget } from './services/budgets/StoredBudget.js';
import { Rounds } from '@outpost/daemon';
import { FailedLogins } from './services/failedLogins.js';
import { PendingLogins } from './services/pendingLogins.js';
import { Mailer } from './services/mail/Mailer.js';
import { ActivityLog } from './services/activity/ActivityLog.js';
import { MetricsCollector, type MetricsCollectorOptions } from './services/metrics/MetricsCollector.js';
import { MetricsRollup } from './services/metrics/MetricsRollup.js';
import { PrometheusMetrics } from './services/metrics/PrometheusMetrics.js';
import { registerHttpMetrics } from './plugins/httpMetrics.js';
import { NodeEventFeeds, type NodeEventFeedTiming } from './nodes/NodeEventFeeds.js';
import { prepareFirstStart } from './services/prepareFirstStart.js';
import { openCluster } from './services/cluster/openCluster.js';
import { shippedAssets } from './shippedAssets.js';
import { MailNotifications } from './services/notifications/MailNotifications.js';
import { UploadSweeper } from './services/uploads/UploadSweeper.js';
import { WEBHOOK_TIMING, WebhookDeliveries, type WebhookTiming } from './services/webhooks/WebhookDeliveries.js';

export interface BuildAppOptions {
  config: PanelConfig;
  /** An open database; by default the configured one is opened here and closed with the app. */
  db?: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to packages/web/dist. */
  webDist?: string;
  /** How often each node's health is checked (default NODE_HEALTH_INTERVAL_MS). */
  nodeHealthMs?: number;
  /** Webhook back-off and timeout (tests shorten them); default WEBHOOK_TIMING. */
  webhookTiming?: Partial<WebhookTiming>;
  /** The clock the sweep of abandoned resumable uploads goes by (tests move it); default the real one. */
  uploadClock?: () => number;
  /** Remote nodes' event feeds: back-off, long-poll hold, node list reads (tests shorten them). */
  nodeEventTiming?: Partial<NodeEventFeedTiming>;
  /** The clock of the mail notifications' throttle (tests move it past 10 minutes). */
  notificationClock?: () => number;
  /** The stats history's clock and collection interval (tests); default the real clock and 10 s. */
  metrics?: Partial<Pick<MetricsCollectorOptions, 'now' | 'intervalMs'>>;
  /** How often a panel on PostgreSQL tries to take the lead of the once-only jobs (default LEAD_RETRY_MS). */
  leadRetryMs?: number;
}

const EXPIRED_SESSION_SWEEP_MS = 10 * 60_000;
/** Self-registrations per client address per hour: enough for a household, too few to probe emails or fill the table. */
const REGISTRATIONS_PER_HOUR = 5;
/** Reset mails per email per hour, and requests per client address per hour: enough for a slow inbox, too few to flood one. */
const RESETS_PER_EMAIL_HOUR = 3;
const RESETS_PER_ADDRESS_HOUR = 10;

/**
 * Builds the panel: migrates the database, adds what a first start needs, registers outside
 * plugins, ours, then the routes. Never listens: the CLI and the tests decide that.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const webDist = options.webDist ?? shippedAssets.web;
  const db = options.db ?? openDatabase(config.db);
  const ownsDb = !options.db;
  const repo = repositories(db);
  try {
    await migrateToLatest(db, config.db.dialect);
    await prepareFirstStart(repo, config);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }

  // trustProxy lets X-Forwarded-For name the client and X-Forwarded-Proto say https (a Secure cookie).
  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy ?? false, bodyLimit: 1024 * 1024, frameworkErrors: routingError });
  const nodes = new NodeClients(repo);
  const nodeHealth = new NodeHealth(repo, nodes, options.nodeHealthMs);
  const sockets = new OpenSockets();
  const cluster = openCluster(config.db, db, sockets, { warn: (details, msg) => app.log.warn(details, msg), leadRetryMs: options.leadRetryMs });
  const metricsNow = options.metrics?.now ?? Date.now;
  const collector = new MetricsCollector(repo, nodes, nodeHealth, {
    ...options.metrics,
    now: metricsNow,
    writes: () => cluster.leadership.leading,
    warn: (details, msg) => app.log.warn(details, msg),
  });
  const activity = new ActivityLog(repo.activity, { retentionDays: config.activityDays, store: config.activityLog, warn: (details, msg) => app.log.warn(details, msg) });
  const context: PanelContext = {
    config,
    db,
    repo,
    cluster,
    failedLogins: new FailedLogins(repo.attempts),
    registrations: new StoredBudget(repo.attempts, 'registrations.address', REGISTRATIONS_PER_HOUR, 60 * 60_000, 'registrations from this address'),
    pendingLogins: new PendingLogins(repo.tickets),
    nodes,
    nodeHealth,
    nodeEvents: new NodeEventFeeds(repo, nodes, activity, options.nodeEventTiming, (details, msg) => app.log.warn(details, msg)),
    sockets,
    resetRequests: {
      perAddress: new StoredBudget(repo.attempts, 'resets.address', RESETS_PER_ADDRESS_HOUR, 60 * 60_000, 'password resets from this address'),
      perEmail: new StoredBudget(repo.attempts, 'resets.email', RESETS_PER_EMAIL_HOUR, 60 * 60_000, 'password resets for this email'),
    },
    mail: new Mailer(repo, (details, msg) => app.log.warn(details, msg)),
    webhooks: new WebhookDeliveries(repo, { ...WEBHOOK_TIMING, ...options.webhookTiming }, (details, msg) => app.log.warn(details, msg)),
    uploads: new UploadSweeper(repo, nodes, options.uploadClock, (details, msg) => app.log.warn(details, msg)),
    activity,
    metrics: {
      collector,
      rollup: new MetricsRollup(repo.metrics, { now: metricsNow, warn: (details, msg) => app.log.warn(details, msg) }),
      now: metricsNow,
      prometheus: new PrometheusMetrics({ repo, nodeHealth, collector, sockets }),
    },
    draining: false,
  };
  app.decorate('panel', context);
  context.webhooks.attach(context.activity);
  new MailNotifications(repo, context.mail, { now: options.notificationClock }).attach(context.activity);

  // Expired sessions are refused on sight; this sweep removes the ones nobody presents again.
  const sweep = new Rounds(async () => {
    const now = Date.now();
    await Promise.all([repo.sessions.deleteExpired(now), repo.passwordResets.deleteExpired(now), repo.invitations.deleteExpired(now)]).catch(() => undefined);
  }, EXPIRED_SESSION_SWEEP_MS);
  // What must run once however many panels share the database runs on the one leading (services/cluster/):
  // sweeps (sessions, activity, abandoned uploads), roll-ups and the remote nodes' events; each panel still checks the
  // nodes and collects stats for its own answers.
  cluster.leadership.onChange(async (leading) => {
    if (leading) {
      sweep.start();
      context.activity.start();
      context.uploads.start();
      context.metrics.rollup.start();
      context.nodeEvents.start();
      return;
    }
    await Promise.all([sweep.stop(), context.activity.stop(), context.uploads.stop(), context.metrics.rollup.stop(), context.nodeEvents.stop()]);
  });
  app.addHook('onReady', async () => {
    context.nodeHealth.start();
    context.metrics.collector.start();
    await cluster.start();
  });
  context.nodeHealth.watch((node, online) => {
    // Every panel sees the node go; one logs it.
    if (cluster.leadership.leading) context.activity.emit({ event: online ? 'node.online' : 'node.offline', actor: SYSTEM_ACTOR, data: { node: node.id, name: node.name } });
  });
  app.addHook('onClose', async () => {
    await context.nodeHealth.stop();
    // The stats history spans under way are written before the database closes, and before the lead is given up (only the leader writes them).
    await context.metrics.collector.stop();
    // The once-only jobs stop here (a batch of node events taken is emitted whole), and another panel takes them on.
    await cluster.close();
    // Mails under way still read the database.
    await context.mail.idle();
    await context.activity.stop();
    // After the activity log: events it has handed on are queued before the database closes.
    await context.webhooks.stop();
    if (ownsDb) await db.destroy();
  });
  app.addHook('onReady', async () => context.webhooks.start());

  registerErrors(app);
  registerHttpMetrics(app, context.metrics.prometheus);
  registerSecurityHeaders(app, webDist);
  await app.register(cookie);
  // Oversized frames are refused from their header (1009), before ws buffers them.
  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_MESSAGE_BYTES } });
  // After websocket: its own hook must mark an upgrade first, or a refused one is never closed.
  registerCrossSiteGuard(app);
  // From here on every route must name its scope, the OpenAPI page's and the web app's included.
  registerScopes(app);
  await registerOpenApi(app);
  await registerSpa(app, webDist);
  await registerRoutes(app);
  return app;
}
