import { OutpostError } from './errors.js';
import type { PowerAction } from './contract/serverApi.js';
import { Scopes, hasScope, type Scope } from './scopes.js';

/**
 * What an action needs: one scope, every scope of a list, or any one of a list. The admin scope
 * satisfies each scope it meets, as in hasScope.
 */
export type ScopeNeed = Scope | { readonly allOf: readonly Scope[] } | { readonly anyOf: readonly Scope[] };

/**
 * The one table of what each action on a server needs. The panel's routes, its socket proxy,
 * the daemon's HTTP routes, its in-process client and its socket sessions all read it, so a
 * scope cannot be right in one place and wrong in another.
 */
export const serverActionScopes = {
  // Power. Restart is offered to startServer holders (spec); the stop it makes of a running
  // program needs stopServer too (restartRunning), which the daemon checks where it knows the state.
  start: Scopes.ServerStart,
  stop: Scopes.ServerStop,
  kill: Scopes.ServerStop,
  restart: Scopes.ServerStart,
  restartRunning: { allOf: [Scopes.ServerStart, Scopes.ServerStop] },
  install: Scopes.ServerInstall,

  // Seeing the server
  view: Scopes.ServerView,
  status: Scopes.ServerView,
  connect: Scopes.ServerView,
  stats: Scopes.ServerStat,
  consoleView: Scopes.ServerConsole,
  consoleSend: Scopes.ServerConsoleSend,

  // Files, over HTTP, the live connection and SFTP
  fileGet: Scopes.ServerFilesGet,
  filePut: Scopes.ServerFilesPut,
  fileDelete: Scopes.ServerFilesPut,
  archive: Scopes.ServerFilesPut,
  extract: Scopes.ServerFilesPut,
  sftp: Scopes.ServerSftp,
  sftpWrite: Scopes.ServerFilesPut,

  // Settings of the server
  dataView: Scopes.ServerEdit,
  dataEdit: Scopes.ServerEdit,
  rename: Scopes.ServerEdit,
  adminVariables: Scopes.ServersEditAdmin,
  definitionView: Scopes.ServersEditAdmin,
  definitionEdit: Scopes.ServersEditAdmin,
  // The run flags (autostart, autorestart, autorecover) are the Admin tab's switches, which read and
  // write the definition: the same need, whether through the definition or PufferPanel 3's .../flags.
  flagsView: Scopes.ServersEditAdmin,
  flagsEdit: Scopes.ServersEditAdmin,
  reload: Scopes.ServersAdmin,
  usersEdit: Scopes.ServerUsersEdit,

  // Scheduled tasks: editServerData (DESIGN.md), as they may run any step a server's settings allow.
  tasksView: Scopes.ServerEdit,
  tasksEdit: Scopes.ServerEdit,
  taskRun: Scopes.ServerEdit,
  // The server's own webhooks (issue 31): editServerData, as they send its events elsewhere.
  webhooksEdit: Scopes.ServerEdit,

  // Backups (issue 29): download and browse need view; lock and rename guard deletion, so they need delete.
  backupsView: Scopes.ServerBackupsView,
  backupDownload: Scopes.ServerBackupsView,
  backupBrowse: Scopes.ServerBackupsView,
  backupCreate: Scopes.ServerBackupsCreate,
  backupRestore: Scopes.ServerBackupsRestore,
  backupEdit: Scopes.ServerBackupsDelete,
  backupDelete: Scopes.ServerBackupsDelete,
  backupPolicyView: Scopes.ServerBackupsView,
  backupPolicyEdit: Scopes.ServersEditAdmin,

  // The server's activity log (issue 31).
  activityView: Scopes.ServerActivityView,

  // Its life: server.delete on the server or servers.delete panel-wide will do.
  create: Scopes.ServersCreate,
  createFromDefinition: Scopes.ServersAdmin,
  delete: { anyOf: [Scopes.ServerDelete, Scopes.ServersDelete] },

  // The node itself rather than one of its servers: a new secret is part of its deployment.
  nodeSecret: Scopes.NodesDeploy,
  // Where a node keeps every server's backups: sending them elsewhere reaches every server's files, so admin only.
  nodeBackupStorage: Scopes.ServersAdmin,
} as const satisfies Record<string, ScopeNeed>;

export type ServerAction = keyof typeof serverActionScopes;

/** The action of each power action: the same names, kept as a typed map so none is forgotten. */
export const powerActions = {
  start: 'start',
  stop: 'stop',
  kill: 'kill',
  restart: 'restart',
  install: 'install',
} as const satisfies Record<PowerAction, ServerAction>;

/** The action of each live-connection message type but `file`, whose action depends on its own `action`. */
export const socketMessageActions = {
  ...powerActions,
  stat: 'stats',
  status: 'status',
  replay: 'consoleView',
  console: 'consoleSend',
} as const satisfies Record<string, ServerAction>;

/** The action of each `file` message action; a file message without one lists a folder. */
export const fileMessageActions = {
  get: 'fileGet',
  create: 'filePut',
  delete: 'fileDelete',
} as const satisfies Record<string, ServerAction>;

/**
 * The action of each task operation type, whose need a task holding it carries: a power action or
 * a console line needs what doing it by hand needs; a pause, no more than the task. Any other type
 * is a processor step, which runs commands or writes files as the definition's steps do, and so
 * needs what editing those needs (definitionEdit).
 */
export const taskOperationActions = {
  ...powerActions,
  // A scheduled restart will most often find the program running, and stop it.
  restart: 'restartRunning',
  console: 'consoleSend',
  wait: 'tasksEdit',
  backup: 'backupCreate',
} as const satisfies Record<string, ServerAction>;

/** What an operation of `type` needs (taskOperationActions; definitionEdit for a processor step). */
export function taskOperationNeed(type: unknown): ScopeNeed {
  return serverActionScopes[own(taskOperationActions, type) ? taskOperationActions[type as keyof typeof taskOperationActions] : 'definitionEdit'];
}

/**
 * The first scope `held` lacks to keep a task with these operations and have it run (tasksEdit,
 * then each operation's need), with the index of the operation needing it; undefined when granted.
 */
export function missingTaskScope(held: readonly string[], operations: readonly { type: unknown }[]): { scope: Scope; index?: number } | undefined {
  const forTask = missingScope(held, serverActionScopes.tasksEdit);
  if (forTask) return { scope: forTask };
  for (const [index, operation] of operations.entries()) {
    const scope = missingScope(held, taskOperationNeed(operation.type));
    if (scope) return { scope, index };
  }
  return undefined;
}

/** Throws 403 ErrMissingScope {scope, index} unless `held` may keep and run a task with these operations. */
export function requireTaskScopes(held: readonly string[], operations: readonly { type: unknown }[]): void {
  const missing = missingTaskScope(held, operations);
  if (missing) throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', missing);
}

const own = (table: object, key: unknown): key is string => typeof key === 'string' && Object.hasOwn(table, key);

/**
 * The action a live-connection message asks for, or undefined for a message nobody may send.
 * A file message's `action` is read under `data` or at the top level, as clients send either.
 */
export function socketMessageAction(message: unknown): ServerAction | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, data, action: topAction } = message as { type?: unknown; data?: unknown; action?: unknown };
  if (type === 'file') {
    const dataAction = typeof data === 'object' && data !== null ? (data as { action?: unknown }).action : undefined;
    const action = dataAction ?? topAction ?? 'get';
    return own(fileMessageActions, action) ? fileMessageActions[action as keyof typeof fileMessageActions] : undefined;
  }
  return own(socketMessageActions, type) ? socketMessageActions[type as keyof typeof socketMessageActions] : undefined;
}

/**
 * The first scope `held` lacks for `need` (for anyOf, the first listed), or undefined when granted.
 * An empty list needs the admin scope: a need that names nothing must not grant everything.
 */
export function missingScope(held: readonly string[], need: ScopeNeed): Scope | undefined {
  const list = scopesOf(need);
  if (list.length === 0) return hasScope(held, Scopes.ServersAdmin) ? undefined : Scopes.ServersAdmin;
  if (typeof need === 'object' && 'anyOf' in need) return list.some((scope) => hasScope(held, scope)) ? undefined : list[0];
  return list.find((scope) => !hasScope(held, scope));
}

/** True when `held` grants `need`. */
export function grants(held: readonly string[], need: ScopeNeed): boolean {
  return missingScope(held, need) === undefined;
}

/** Every scope a need names. */
export function scopesOf(need: ScopeNeed): readonly Scope[] {
  return typeof need === 'string' ? [need] : 'allOf' in need ? need.allOf : need.anyOf;
}

/** Throws 403 ErrMissingScope, naming the missing scope, unless `held` grants `need`. */
export function requireScopes(held: readonly string[], need: ScopeNeed): void {
  const missing = missingScope(held, need);
  if (missing !== undefined) throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', { scope: missing });
}

/** Throws ErrMissingScope unless `held` grants what `action` needs. */
export function requireAction(held: readonly string[], action: ServerAction): void {
  requireScopes(held, serverActionScopes[action]);
}

const knownScopes = new Set<unknown>(Object.values(Scopes));

/** True for a well-formed need naming only known scopes: what route tables check at registration. */
export function isScopeNeed(value: unknown): value is ScopeNeed {
  if (typeof value === 'string') return knownScopes.has(value);
  if (typeof value !== 'object' || value === null) return false;
  const list = (value as { allOf?: unknown }).allOf ?? (value as { anyOf?: unknown }).anyOf;
  return Array.isArray(list) && list.length > 0 && list.every((scope) => knownScopes.has(scope));
}
