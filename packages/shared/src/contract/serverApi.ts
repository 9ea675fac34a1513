import { Type, type Static } from 'typebox';
import { ServerLimits } from './limits.js';
import { MapOf, ServerId } from './common.js';
import { Variable } from './definition.js';

// The calls on one server. The panel serves them under /proxy/daemon/server/{id}/... and
// forwards them to the server's node, whose daemon serves the same shapes under
// /daemon/server/{id}/... (what HttpNodeClient sends and reads).

/** `{id}` and the file path (`*`) of the file, archive and extract calls. */
export const ServerPathParams = Type.Object({ id: ServerId, '*': Type.String({ maxLength: 4096 }) });

/** GET .../data: the server's variables by name, values included. */
export const ServerDataResponse = Type.Object({ data: MapOf(Variable) });
export type ServerDataResponse = Static<typeof ServerDataResponse>;

/** POST .../data body: new values by variable name. */
export const ServerDataRequest = Type.Object({ data: MapOf(Type.Unknown(), { maxProperties: 200 }) });
export type ServerDataRequest = Static<typeof ServerDataRequest>;

/** GET .../status; also the socket's `status` message. */
export const ServerStatus = Type.Object({
  running: Type.Boolean(),
  installing: Type.Optional(Type.Boolean({ description: 'install steps are running' })),
});
export type ServerStatus = Static<typeof ServerStatus>;

/** GET .../stats; also the socket's `stat` message. */
export const ServerStats = Type.Object({
  cpu: Type.Number({ description: 'percent of one core' }),
  memory: Type.Number({ description: 'bytes' }),
  /** Bytes the server's folder takes (issue 30); absent from nodes that do not measure it. */
  disk: Type.Optional(Type.Number({ description: 'bytes' })),
  /** The server's limits as the node applies them (its defaults and maximum taken into account). */
  limits: Type.Optional(ServerLimits),
  /** False where the node cannot enforce the limits (no writable cgroup): they are then shown, not applied. */
  limitsEnforced: Type.Optional(Type.Boolean()),
});
export type ServerStats = Static<typeof ServerStats>;

/**
 * GET .../flags: the definition's run flags under PufferPanel 3's names, each false when the
 * definition leaves it out (runFlagNames maps them to the run section's own).
 */
export const ServerFlags = Type.Object({
  autoStart: Type.Boolean({ description: 'run.autostart: start with the node' }),
  autoRestartOnCrash: Type.Boolean({ description: 'run.autorecover: start again after a crash' }),
  autoRestartOnGraceful: Type.Boolean({ description: 'run.autorestart: start again after a clean exit' }),
});
export type ServerFlags = Static<typeof ServerFlags>;

/** POST .../flags: any of the flags; those left out keep their value. */
export const ServerFlagsRequest = Type.Partial(ServerFlags);
export type ServerFlagsRequest = Static<typeof ServerFlagsRequest>;

/** Each flag's name in the definition's run section. */
export const runFlagNames = { autoStart: 'autostart', autoRestartOnCrash: 'autorecover', autoRestartOnGraceful: 'autorestart' } as const satisfies Record<keyof ServerFlags, string>;
export type RunFlagName = (typeof runFlagNames)[keyof ServerFlags];

/** The flags of a run section. */
export function runFlagsOf(run: Partial<Record<RunFlagName, boolean>>): ServerFlags {
  return Object.fromEntries(Object.entries(runFlagNames).map(([flag, name]) => [flag, run[name] === true])) as ServerFlags;
}

/** The run section's values of the flags a request sets (only those it names). */
export function runFlagValues(flags: ServerFlagsRequest): Partial<Record<RunFlagName, boolean>> {
  const values: Partial<Record<RunFlagName, boolean>> = {};
  for (const [flag, name] of Object.entries(runFlagNames)) {
    const value = flags[flag as keyof ServerFlags];
    if (typeof value === 'boolean') values[name] = value;
  }
  return values;
}

/** GET .../console?time=: console text since an epoch (ms). */
export const ConsoleQuery = Type.Object({ time: Type.Optional(Type.Number({ minimum: 0 })) });

/** Console text since an epoch; ask again with `epoch` to get only what is newer. Also the socket's `console` message. */
export const ConsoleReplay = Type.Object({ logs: Type.Array(Type.String()), epoch: Type.Number() });
export type ConsoleReplay = Static<typeof ConsoleReplay>;

/** POST .../console body: JSON {command}, or the command as plain text. */
export const ConsoleCommandRequest = Type.Union([Type.String({ maxLength: 65536 }), Type.Object({ command: Type.String({ maxLength: 65536 }) })]);

export const POWER_ACTIONS = ['start', 'stop', 'kill', 'restart', 'install'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** POST .../{action}?wait: with wait=true the answer comes when the action has finished. */
export const PowerQuery = Type.Object({ wait: Type.Optional(Type.String({ maxLength: 10 })) });

export const FileEntry = Type.Object({
  name: Type.String(),
  isFile: Type.Boolean(),
  size: Type.Number(),
  /** Epoch seconds. */
  modifyTime: Type.Number(),
});
export type FileEntry = Static<typeof FileEntry>;

/** GET /proxy/daemon/server/{id}/file/{folder}: the entries alone, as the spec's clients read them. */
export const FileEntries = Type.Array(FileEntry);

/** GET .../file/{path} of a folder; also the socket's `file` message, where `error` holds a failure's code. */
export const FileListing = Type.Object({ files: Type.Array(FileEntry), path: Type.String(), error: Type.Optional(Type.String()) });
export type FileListing = Static<typeof FileListing>;

/** PUT .../file/{path}?folder=true creates a folder instead of uploading. */
export const PutFileQuery = Type.Object({ folder: Type.Optional(Type.String({ maxLength: 10 })) });

/** POST .../archive/{path} body: the paths to zip into the archive at {path}. */
export const ArchiveRequest = Type.Array(Type.String({ maxLength: 4096 }), { minItems: 1, maxItems: 10000 });

/** POST .../files/move and .../files/copy: from one path in the server folder to another, which must not exist yet. */
export const FileMoveRequest = Type.Object({ from: Type.String({ minLength: 1, maxLength: 4096 }), to: Type.String({ minLength: 1, maxLength: 4096 }) });
export type FileMoveRequest = Static<typeof FileMoveRequest>;

/** GET .../extract/{path}?destination. */
export const ExtractQuery = Type.Object({ destination: Type.Optional(Type.String({ maxLength: 4096 })) });

/**
 * DELETE /daemon/server/{id}/sftp?user= and /daemon/sftp?user= (daemon only): whose SFTP sessions
 * to end, by user id; with `key`, only those opened with that SSH key (its id).
 */
export const SftpSessionsQuery = Type.Object({ user: Type.String({ minLength: 1, maxLength: 64 }), key: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) });
