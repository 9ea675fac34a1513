import { Type, type Static } from 'typebox';
import { MapOf, Paging, ServerId, Text } from './common.js';

// Issue 31: one stream of events, fed by the panel's routes and the daemon's server lifecycle,
// kept as the activity log and handed to its subscribers (webhooks). The names are dotted and
// stable: clients filter on them and hooks subscribe to them.

/** A user as an event names them (the one added to a server, the one whose access changed). */
export interface ActivityUserRef {
  id?: number;
  username?: string;
  email?: string;
}

/** Each event's payload. Never a secret: settings changes list keys only. */
export interface ActivityPayloads {
  /** `recoveryCodesLeft` comes with `recovery`, a sign-in with a recovery code in place of the one-time code. */
  /** `provider` is the OpenID provider's label, with method `oidc`. */
  'auth.login': { method: 'password' | 'otp' | 'oauth2' | 'oidc' | 'recovery' | 'passkey'; recoveryCodesLeft?: number; provider?: string };
  /** `username` is what was typed (or the provider's email), which may name nobody; `reason` the code answered. */
  'auth.login.failed': { username: string; reason: string; method?: 'oidc' | 'passkey'; provider?: string };
  'auth.otp.enabled': Record<string, never>;
  'auth.otp.disabled': Record<string, never>;
  'auth.password.changed': Record<string, never>;
  'auth.email.changed': Record<string, never>;

  'server.created': { name: string; node?: number | string };
  'server.deleted': { name?: string };
  'server.renamed': { from?: string; to: string };
  'server.started': Record<string, never>;
  'server.stopped': Record<string, never>;
  'server.killed': Record<string, never>;
  'server.restarted': Record<string, never>;
  'server.install.started': Record<string, never>;
  'server.install.finished': Record<string, never>;
  'server.install.failed': { error?: string };
  /** The program ended without being asked; `lines` are the console's last lines. */
  'server.crashed': { exitCode?: number | null; lines: string[] };
  'server.recovered': Record<string, never>;
  /** Automatic restarts stopped after too many crashes in a row. */
  'server.restart.gaveup': { attempts?: number };
  'server.console.command': { command: string };

  'server.file.written': { path: string };
  'server.file.uploaded': { path: string };
  'server.file.deleted': { path: string };
  'server.file.renamed': { from: string; to: string };
  'server.file.archived': { paths: string[]; destination: string };
  'server.file.extracted': { path: string; destination: string };
  /** `method` is absent from logins recorded before SSH keys (a password). */
  'server.sftp.login': { username: string; method?: 'password' | 'publickey'; key?: string };
  'server.sftp.refused': { username: string; reason?: string; method?: 'password' | 'publickey'; key?: string };

  'server.user.added': { user: ActivityUserRef; permissions?: string[] };
  'server.user.removed': { user: ActivityUserRef };
  'server.user.permissions': { user: ActivityUserRef; permissions: string[] };
  'server.user.invited': { email: string; permissions?: string[] };
  'server.user.invite.accepted': { user: ActivityUserRef };

  'server.backup.created': { backup: string; name?: string };
  'server.backup.failed': { name?: string; error: string };
  'server.backup.restored': { backup: string; name?: string };
  /** A task run by hand (the actor) or by its schedule (actor type `task`). */
  'server.task.run': { task: string; name?: string };
  /** A task's result as its node saw it. */
  'server.task.finished': { task: string; name?: string; ok: boolean; error?: string };

  'node.online': { node: number | string; name?: string };
  'node.offline': { node: number | string; name?: string };
  /** Panel settings changed: the keys, never their values. */
  'settings.changed': { keys: string[] };
}

export type ActivityEventName = keyof ActivityPayloads;

/** Every event name, in the order screens and the OpenAPI document list them. */
export const ACTIVITY_EVENTS = [
  'auth.login',
  'auth.login.failed',
  'auth.otp.enabled',
  'auth.otp.disabled',
  'auth.password.changed',
  'auth.email.changed',
  'server.created',
  'server.deleted',
  'server.renamed',
  'server.started',
  'server.stopped',
  'server.killed',
  'server.restarted',
  'server.install.started',
  'server.install.finished',
  'server.install.failed',
  'server.crashed',
  'server.recovered',
  'server.restart.gaveup',
  'server.console.command',
  'server.file.written',
  'server.file.uploaded',
  'server.file.deleted',
  'server.file.renamed',
  'server.file.archived',
  'server.file.extracted',
  'server.sftp.login',
  'server.sftp.refused',
  'server.user.added',
  'server.user.removed',
  'server.user.permissions',
  'server.user.invited',
  'server.user.invite.accepted',
  'server.backup.created',
  'server.backup.failed',
  'server.backup.restored',
  'server.task.run',
  'server.task.finished',
  'node.online',
  'node.offline',
  'settings.changed',
] as const satisfies readonly ActivityEventName[];

// Every name of ActivityPayloads is in the list (the satisfies above checks the other way).
type Missing = Exclude<ActivityEventName, (typeof ACTIVITY_EVENTS)[number]>;
const allListed: Missing extends never ? true : Missing = true;
void allListed;

export const ACTOR_TYPES = ['user', 'client', 'task', 'system'] as const;

/**
 * Who did it: a signed-in user, an OAuth2 client, a scheduled task (id: the task's id) or the
 * system (the daemon, the panel itself; id null). `name` is kept as it was then, so an entry
 * still reads right after the user is renamed or deleted.
 */
export const ActivityActor = Type.Object({
  type: Type.Enum([...ACTOR_TYPES]),
  id: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
});
export type ActivityActor = Static<typeof ActivityActor>;

const EventName = Type.Enum([...ACTIVITY_EVENTS], { description: 'the event name' });

/** One entry of the activity log. `time` is ISO 8601 in UTC; `server` the server's id, if any. */
export const ActivityEntry = Type.Object({
  id: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  event: EventName,
  actor: ActivityActor,
  ip: Type.Union([Type.String(), Type.Null()]),
  server: Type.Union([Type.String(), Type.Null()]),
  data: MapOf(Type.Unknown()),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

/** Every list answer: newest first. */
export const ActivityListResponse = Type.Object({ activity: Type.Array(ActivityEntry), paging: Paging });
export type ActivityListResponse = Static<typeof ActivityListResponse>;

const page = Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }));
const limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 }));
/** An event name, or a group of them by prefix: `server.file` finds every `server.file.*`. */
const eventFilter = Type.Optional(Text({ maxLength: 64, description: 'an event name, or a prefix of whole dotted parts (server.file)' }));
const actorFilter = Type.Optional(Text({ maxLength: 64, description: "the actor's id (a user's id, a client's id, a task's id)" }));

/** GET /api/self/activity: entries about the caller's own account (what they did, failed sign-ins to it). */
export const SelfActivityQuery = Type.Object({ page, limit, event: eventFilter });
export type SelfActivityQuery = Static<typeof SelfActivityQuery>;

/** GET /api/servers/{id}/activity (viewServerActivity). */
export const ServerActivityQuery = Type.Object({ page, limit, event: eventFilter, actor: actorFilter });
export type ServerActivityQuery = Static<typeof ServerActivityQuery>;

/**
 * GET /api/activity (activity.view): every entry; `server` keeps one server's, `user` those about
 * one account (by it, or a failed sign-in to it).
 */
export const ActivityQuery = Type.Object({
  page,
  limit,
  event: eventFilter,
  actor: actorFilter,
  server: Type.Optional(ServerId),
  user: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

/**
 * What the emitter takes: one event with its payload. `user` is the account the entry is about
 * (defaults to the actor when a user): a failed sign-in names the account it tried.
 */
export type ActivityEvent = {
  [E in ActivityEventName]: {
    event: E;
    actor: ActivityActor;
    ip?: string | null;
    server?: string | null;
    user?: number | null;
    data: ActivityPayloads[E];
  };
}[ActivityEventName];

/** An event as subscribers receive it: the emitted event with its time (ISO 8601, UTC). */
export type ActivityRecord = ActivityEvent & { time: string };

/** The actor of what the system does by itself (the daemon, the panel's sweeps and health checks). */
export const SYSTEM_ACTOR: ActivityActor = { type: 'system', id: null, name: 'system' };

/**
 * The one place events go: routes and the server lifecycle call emit(); the activity log and
 * webhooks subscribe. emit() never throws and never waits: storage is batched behind it.
 */
export interface ActivityEvents {
  emit(event: ActivityEvent): void;
  /** Called once per event, in order, after emit(); returns the unsubscribe. */
  subscribe(listener: (record: ActivityRecord) => void): () => void;
}
