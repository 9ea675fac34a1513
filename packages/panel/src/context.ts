import type { Kysely } from 'kysely';
import type { ScopeNeed } from '@outpost/shared';
import type { PanelConfig } from './config.js';
import type { Repositories } from './db/repositories.js';
import type { Database } from './db/schema.js';
import type { NodeClients } from './nodes/NodeClients.js';
import type { NodeHealth } from './nodes/NodeHealth.js';
import type { NodeEventFeeds } from './nodes/NodeEventFeeds.js';
import type { OpenSockets } from './services/access/OpenSockets.js';
import type { StoredBudget } from './services/budgets/StoredBudget.js';
import type { FailedLogins } from './services/failedLogins.js';
import type { PendingLogins } from './services/pendingLogins.js';
import type { UploadSweeper } from './services/uploads/UploadSweeper.js';
import type { Mailer } from './services/mail/Mailer.js';
import type { WebhookDeliveries } from './services/webhooks/WebhookDeliveries.js';
import type { ActivityLog } from './services/activity/ActivityLog.js';
import type { MetricsCollector } from './services/metrics/MetricsCollector.js';
import type { MetricsRollup } from './services/metrics/MetricsRollup.js';
import type { PrometheusMetrics } from './services/metrics/PrometheusMetrics.js';
import type { Cluster } from './services/cluster/openCluster.js';

/** What every handler may reach through `app.panel`. */
export interface PanelContext {
  config: PanelConfig;
  db: Kysely<Database>;
  repo: Repositories;
  /** The panels sharing this database (issue 34): the bus that tells them of writes and ended access, and who leads the once-only jobs. */
  cluster: Cluster;
  failedLogins: FailedLogins;
  /** Self-registrations per client address. */
  registrations: StoredBudget;
  pendingLogins: PendingLogins;
  /** The NodeClient of each node; `outpost run` attaches the local node's. */
  nodes: NodeClients;
  /** Whether each node answers, checked in the background. */
  nodeHealth: NodeHealth;
  /** Remote nodes' server events (crashes, backups, task results) read into the activity log. */
  nodeEvents: NodeEventFeeds;
  /** Live connections by user and server, closed when that user's permissions there change. */
  sockets: OpenSockets;
  /** Password-reset requests, per client address and per email. */
  resetRequests: { perAddress: StoredBudget; perEmail: StoredBudget };
  /** Sends the panel's mails in the background (services/mail/). */
  mail: Mailer;
  /** The webhooks' delivery queue, fed by the activity events (services/webhooks/). */
  webhooks: WebhookDeliveries;
  /** Removes resumable uploads abandoned for a day (services/uploads/); its `sweep` is one round. */
  uploads: UploadSweeper;
  /** The one emitter of events (issue 31): the activity log and its subscribers. */
  activity: ActivityLog;
  /**
   * Servers' stats history (issue 32): collected from the nodes, rolled up, and the clock both go
   * by; and the Prometheus metrics of GET /metrics, which read the collector's newest samples.
   */
  metrics: { collector: MetricsCollector; rollup: MetricsRollup; now: () => number; prometheus: PrometheusMetrics };
  /** Set once the instance begins to stop: GET /health answers 503 so the load balancer sends new requests elsewhere. */
  draining: boolean;
}

/**
 * What a route needs: a scope need (from serverActionScopes for server actions), `'session'` (any
 * signed-in user) or `'public'`. A need naming a per-server scope (`server.*`) is checked against
 * the server named by the route's `:id` parameter (or `serverParam`).
 */
export type RouteScope = ScopeNeed | 'session' | 'public';

/** The signed-in caller, set by the scopes plugin before the handler runs. */
export interface RequestSession {
  userId: number;
  tokenHash: string;
  /** Panel-level scopes. */
  scopes: string[];
  /**
   * Set when the caller is an OAuth2 client's access token. A server client (serverId set) holds
   * no panel scope and nothing on any other server; no client reaches the account's own routes.
   */
  client?: { id: string; serverId: string | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    panel: PanelContext;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyContextConfig {
    scope?: RouteScope;
    serverParam?: string;
    /** The route takes multipart uploads; every other state-changing route takes JSON only (plugins/crossSite.ts). */
    uploads?: boolean;
    /** The route never reads the session cookie, so the cross-site guard leaves it alone (the OAuth2 token endpoint takes forms). */
    cookieless?: boolean;
    /**
     * A 'session' route an OAuth2 client may call too: `account` for an account's client (reading
     * the account), `any` for a server's client as well (the server list, narrowed to its server).
     * The others manage the account itself.
     */
    clients?: 'account' | 'any';
    /**
     * The route is part of setting up two-factor login (or of holding a session while doing so:
     * reading the account, its locale, renewing): open to a user the panel requires it of who has
     * none yet. Every other route answers them 403 ErrTwoFactorRequired (plugins/scopes.ts).
     */
    twoFactorSetup?: boolean;
  }
}
