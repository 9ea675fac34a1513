import { Type, type Static } from 'typebox';
import { ENVIRONMENT_TYPES } from '../template/types.js';
import { AnyObject, MapOf, Paging, ServerId, Text } from './common.js';
import type { EnvironmentConfig, ServerDefinition } from './definition.js';
import { ServerLimits } from './limits.js';
import { CallerPermissions, PartialServerPermissions } from './permissions.js';

/** The node as a server row shows it. */
export const ServerNodeSummary = Type.Object({ id: Type.Integer(), name: Type.String(), publicHost: Type.String(), sftpPort: Type.Integer() });
export type ServerNodeSummary = Static<typeof ServerNodeSummary>;

/** GET /api/servers rows. Address rule (spec section 2): ip, or node.publicHost when ip is empty or "{ip}", then ":port" when port is set. */
export const ServerSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ip: Type.String(),
  port: Type.Union([Type.Integer(), Type.Null()]),
  type: Type.String(),
  node: ServerNodeSummary,
});
export type ServerSummary = Static<typeof ServerSummary>;

/** What a server row shows of a server's life: `nodeOffline` when its node did not answer. */
export const LiveServerState = Type.Union([
  Type.Literal('online'),
  Type.Literal('offline'),
  Type.Literal('installing'),
  Type.Literal('nodeOffline'),
  Type.Literal('unknown'),
]);
export type LiveServerState = Static<typeof LiveServerState>;

/** GET /api/servers?page=&limit= (limit default 10). */
export const ServerListQuery = Type.Object({
  // Bounded so the offset stays a safe integer every database accepts.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  search: Type.Optional(Text({ maxLength: 100, description: 'part of the name, or of the id' })),
  node: Type.Optional(Type.Integer({ minimum: 1, description: 'only the servers on this node' })),
  state: Type.Optional(LiveServerState),
});

export const ServerListResponse = Type.Object({ servers: Type.Array(ServerSummary), paging: Paging });
export type ServerListResponse = Static<typeof ServerListResponse>;

/**
 * POST /api/servers: from a template id, or (admins) a full definition in API form. The
 * definition and the environment are only looked at for their outline here: the panel reads
 * them with readDefinition, which answers the spec's errors.
 */
/**
 * POST /api/servers: a template by id, or a whole definition under `template`; clients of the
 * spec send the definition in API form at the top level instead (run, data, install, ...), with no
 * `template`. Each of `users` is an email (every per-server permission) or an email with its flags.
 */
export const CreateServerRequest = Type.Object({
  name: Text({ maxLength: 100 }),
  node: Type.Integer({ minimum: 1 }),
  template: Type.Optional(Type.Union([Text({ minLength: 1, maxLength: 100 }), Type.Unsafe<ServerDefinition>(AnyObject)])),
  environment: Type.Unsafe<EnvironmentConfig>(Type.Object({ type: Type.Enum(ENVIRONMENT_TYPES) }, { additionalProperties: true })),
  variables: Type.Optional(MapOf(Type.Union([Type.String({ maxLength: 4096 }), Type.Number(), Type.Boolean()]), { maxProperties: 200 })),
  /** Users given permissions on the new server (default: the creator alone, with every one). */
  users: Type.Optional(Type.Array(Type.Union([Text({ maxLength: 254 }), Type.Object({ email: Text({ maxLength: 254 }), ...PartialServerPermissions.properties })]), { maxItems: 50 })),
  /** The new server's limits (servers.edit.admin), in place of the template's; 0 or absent: unlimited. */
  limits: Type.Optional(ServerLimits),
  /** Start the install at once; it runs on the node and shows in the console (also `?install=true`). */
  installNow: Type.Optional(Type.Boolean()),
  /**
   * A top-level definition's install steps, as spec clients send them. A boolean here is the
   * older name of installNow, still taken from Outpost's own app of before.
   */
  install: Type.Optional(Type.Union([Type.Array(AnyObject, { maxItems: 200 }), Type.Boolean()])),
});
export type CreateServerRequest = Static<typeof CreateServerRequest>;

/** POST /api/servers?install=true: start the install at once, for clients whose body holds a definition. */
export const CreateServerQuery = Type.Object({ install: Type.Optional(Type.String({ maxLength: 10 })) });

export const CreateServerResponse = Type.Object({ id: Type.String() });
export type CreateServerResponse = Static<typeof CreateServerResponse>;

/** GET /api/servers/{id}?perms. */
export const ServerDetailQuery = Type.Object({ perms: Type.Optional(Type.String({ maxLength: 10 })) });

/** GET /api/servers/{id}: with ?perms, `permissions` holds the spec's flags plus `admin`. */
export const ServerDetailResponse = Type.Object({ server: ServerSummary, permissions: Type.Optional(CallerPermissions) });
export type ServerDetailResponse = Static<typeof ServerDetailResponse>;

/** PUT /api/servers/{id}/name/{name}. */
export const RenameServerParams = Type.Object({ id: ServerId, name: Text({ maxLength: 100 }) });


/** Most servers one list connection watches at a time: one page of the list. */
export const LIVE_WATCH_MAX = 100;

/** /api/servers/live, browser to panel: the servers of the page shown (replaces the last list). */
export const LiveWatchRequest = Type.Object({
  type: Type.Literal('watch'),
  ids: Type.Array(ServerId, { maxItems: LIVE_WATCH_MAX }),
});
export type LiveWatchRequest = Static<typeof LiveWatchRequest>;

/** Most servers the panel reads from a node in one call of its live list feed. */
export const NODE_LIVE_MAX = 1000;

/** POST /daemon/node/live, panel to node: the servers its lists watch there. */
export const NodeLiveRequest = Type.Object({ ids: Type.Array(ServerId, { maxItems: NODE_LIVE_MAX }) });

/** One server's reading for the panel's lists; CPU, memory, limit and players only while it runs. */
export const NodeLiveReading = Type.Object({
  id: Type.String(),
  running: Type.Boolean(),
  installing: Type.Boolean(),
  cpu: Type.Optional(Type.Number()),
  memory: Type.Optional(Type.Number()),
  memoryLimit: Type.Optional(Type.Number()),
  players: Type.Optional(Type.Object({ online: Type.Number(), max: Type.Number() })),
});
export type NodeLiveReading = Static<typeof NodeLiveReading>;

/** POST /daemon/node/live's answer: a reading of each asked server the node holds (the others are left out). */
export const NodeLiveReadings = Type.Object({ servers: Type.Array(NodeLiveReading) });

/** One watched server; cpu (percent of a core) and memory (bytes) only for holders of its stats scope. */
export const LiveServer = Type.Object({
  id: Type.String(),
  state: LiveServerState,
  cpu: Type.Optional(Type.Number()),
  memory: Type.Optional(Type.Number()),
  /** The server's memory limit in MiB (issue 30), when it has one: the list's bar is drawn against it. */
  memoryLimit: Type.Optional(Type.Number()),
  /** Players online and slots, when the server's game answers its query (issue 32). */
  players: Type.Optional(Type.Object({ online: Type.Integer({ minimum: 0 }), max: Type.Integer({ minimum: 0 }) })),
});
export type LiveServer = Static<typeof LiveServer>;

/** /api/servers/live, panel to browser: the watched servers whose reading changed. */
export const LiveServersEvent = Type.Object({ type: Type.Literal('servers'), servers: Type.Array(LiveServer) });
export type LiveServersEvent = Static<typeof LiveServersEvent>;
