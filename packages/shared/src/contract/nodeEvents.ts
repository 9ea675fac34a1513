import { Type, type Static } from 'typebox';
import { ActivityActor, type ActivityPayloads } from './activity.js';
import { MapOf, ServerId } from './common.js';

// Issue 31: the events of servers' lives only their node sees, kept by the node in a journal the
// panel reads (GET /daemon/node/events), so a remote node's crashes reach the activity log too.

/**
 * The events a node reports of its servers: crashes, recoveries, install outcomes, task results,
 * backups, and file changes made over its SFTP (by the login's user, from the client's address).
 */
export type NodeEventName =
  | 'server.crashed'
  | 'server.recovered'
  | 'server.restart.gaveup'
  | 'server.install.finished'
  | 'server.install.failed'
  | 'server.task.finished'
  | 'server.backup.created'
  | 'server.backup.failed'
  | 'server.file.written'
  | 'server.file.deleted'
  | 'server.file.renamed';

/** One such event: `server` is the server's id, the same on panel and node; `actor` is the system unless said. */
export type NodeEvent = { [E in NodeEventName]: { event: E; server: string; actor?: ActivityActor; ip?: string; data: ActivityPayloads[E] } }[NodeEventName];

/** The longest a read of the journal waits for an event, in seconds: under every proxy's idle timeout. */
export const NODE_EVENTS_MAX_WAIT_SECONDS = 25;

/**
 * GET /daemon/node/events. `after` is the last number the reader has (left out: from now on, and
 * the answer, with no events, comes at once);
 * `boot` the journal it is from (another one: the node restarted, so it reads from the start);
 * `wait` how long to hold the answer when nothing is new.
 */
export const NodeEventsQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0 })),
  wait: Type.Optional(Type.Number({ minimum: 0, maximum: NODE_EVENTS_MAX_WAIT_SECONDS })),
  boot: Type.Optional(Type.String({ maxLength: 64 })),
});

/** One kept event: its number in this boot's journal and when the node saw it (ISO 8601, UTC). */
export const NodeEventEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  time: Type.String({ format: 'date-time' }),
  event: Type.Unsafe<NodeEvent>(
    Type.Object({ event: Type.String(), server: ServerId, actor: Type.Optional(ActivityActor), ip: Type.Optional(Type.String()), data: MapOf(Type.Unknown()) }),
  ),
});
export type NodeEventEntry = Static<typeof NodeEventEntry>;

/**
 * A read of the journal: `boot` names this start of the daemon and `age` says how long ago it
 * was (seconds), `next` is the `after` of the next read, `lost` counts events after the reader's
 * position that the journal no longer keeps.
 */
export const NodeEventBatch = Type.Object({
  boot: Type.String(),
  age: Type.Number({ minimum: 0 }),
  events: Type.Array(NodeEventEntry),
  next: Type.Integer({ minimum: 0 }),
  lost: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type NodeEventBatch = Static<typeof NodeEventBatch>;
