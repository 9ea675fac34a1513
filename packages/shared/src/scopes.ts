import type { ServerPermissions } from './contract/permissions.js';

/**
 * The one list of scopes (spec panel.md section 6, server-page.md section 6).
 * Panel-level scopes are held with no server; per-server scopes are held for one server.
 * `servers.admin` grants everything, everywhere.
 */
export const Scopes = {
  ServersAdmin: 'servers.admin',

  // Panel level
  ServersView: 'servers.view', // see the Servers menu and the servers one may access
  ServersCreate: 'servers.create',
  ServersDelete: 'servers.delete',
  ServersEditAdmin: 'servers.edit.admin',
  NodesView: 'nodes.view',
  NodesEdit: 'nodes.edit',
  NodesDeploy: 'nodes.deploy',
  TemplatesView: 'templates.view',
  TemplatesEdit: 'templates.edit',
  UsersView: 'users.view',
  UsersEdit: 'users.edit',
  SettingsEdit: 'settings.edit',
  ActivityView: 'activity.view', // every entry of the activity log (issue 31)
  MetricsView: 'metrics.view', // the Prometheus /metrics of every server and node (issue 32)

  // Per server (the spec's scope keys)
  ServerView: 'server.view',
  ServerEdit: 'server.edit',
  ServerInstall: 'server.install',
  ServerConsole: 'server.console',
  ServerConsoleSend: 'server.console.send',
  ServerStop: 'server.stop',
  ServerStart: 'server.start',
  ServerStat: 'server.stat',
  ServerSftp: 'server.sftp',
  ServerFilesGet: 'server.files.get',
  ServerFilesPut: 'server.files.put',
  ServerUsersEdit: 'server.users.edit',
  ServerDelete: 'server.delete',
  ServerBackupsView: 'server.backups.view',
  ServerBackupsCreate: 'server.backups.create',
  ServerBackupsRestore: 'server.backups.restore',
  ServerBackupsDelete: 'server.backups.delete',
  ServerActivityView: 'server.activity.view',
} as const;

export type Scope = (typeof Scopes)[keyof typeof Scopes];

export const panelScopes: readonly Scope[] = [
  Scopes.ServersAdmin,
  Scopes.ServersView,
  Scopes.ServersCreate,
  Scopes.ServersDelete,
  Scopes.ServersEditAdmin,
  Scopes.NodesView,
  Scopes.NodesEdit,
  Scopes.NodesDeploy,
  Scopes.TemplatesView,
  Scopes.TemplatesEdit,
  Scopes.UsersView,
  Scopes.UsersEdit,
  Scopes.SettingsEdit,
  Scopes.ActivityView,
  Scopes.MetricsView,
];

/** The per-server permission flags of the spec, each with the scope it stands for. */
export const serverPermissionScopes = {
  viewServerConsole: Scopes.ServerConsole,
  sendServerConsole: Scopes.ServerConsoleSend,
  viewServerStats: Scopes.ServerStat,
  viewServerFiles: Scopes.ServerFilesGet,
  putServerFiles: Scopes.ServerFilesPut,
  sftpServer: Scopes.ServerSftp,
  editServerData: Scopes.ServerEdit,
  editServerUsers: Scopes.ServerUsersEdit,
  installServer: Scopes.ServerInstall,
  startServer: Scopes.ServerStart,
  stopServer: Scopes.ServerStop,
  deleteServer: Scopes.ServerDelete,
  viewServerBackups: Scopes.ServerBackupsView,
  createServerBackups: Scopes.ServerBackupsCreate,
  restoreServerBackups: Scopes.ServerBackupsRestore,
  deleteServerBackups: Scopes.ServerBackupsDelete,
  viewServerActivity: Scopes.ServerActivityView,
} as const satisfies Record<string, Scope>;

export type ServerPermissionFlag = keyof typeof serverPermissionScopes;

export const serverPermissionFlags = Object.keys(serverPermissionScopes) as ServerPermissionFlag[];

/**
 * The panel-level permission flags PufferPanel's clients send to and read from
 * /api/users/{id}/perms, each with the scope it stands for.
 */
export const panelPermissionScopes = {
  admin: Scopes.ServersAdmin,
  viewServers: Scopes.ServersView,
  createServers: Scopes.ServersCreate,
  deleteServers: Scopes.ServersDelete,
  editServerAdmin: Scopes.ServersEditAdmin,
  viewNodes: Scopes.NodesView,
  editNodes: Scopes.NodesEdit,
  deployNodes: Scopes.NodesDeploy,
  viewTemplates: Scopes.TemplatesView,
  editTemplates: Scopes.TemplatesEdit,
  viewUsers: Scopes.UsersView,
  editUsers: Scopes.UsersEdit,
  panelSettings: Scopes.SettingsEdit,
  viewActivity: Scopes.ActivityView,
  viewMetrics: Scopes.MetricsView,
} as const satisfies Record<string, Scope>;

export type PanelPermissionFlag = keyof typeof panelPermissionScopes;

export const panelPermissionFlags = Object.keys(panelPermissionScopes) as PanelPermissionFlag[];

/** The panel scopes of the flags that are on (true, or "true" as some clients write it); a flag left out is off. */
export function panelScopesFromFlags(flags: Partial<Record<PanelPermissionFlag, unknown>>): Scope[] {
  return panelPermissionFlags.filter((flag) => flags[flag] === true || flags[flag] === 'true').map((flag) => panelPermissionScopes[flag]);
}

/** True when `held` grants `wanted`: directly, or through the admin scope. */
export function hasScope(held: readonly string[], wanted: Scope): boolean {
  return held.includes(Scopes.ServersAdmin) || held.includes(wanted);
}

/** The flags a set of per-server scopes amounts to (all true for an admin). */
export function permissionsFromScopes(held: readonly string[]): ServerPermissions {
  const out = {} as ServerPermissions;
  for (const flag of serverPermissionFlags) out[flag] = hasScope(held, serverPermissionScopes[flag]);
  return out;
}

/** The per-server scopes a set of flags grants; any entry at all grants view. */
export function scopesFromPermissions(flags: Partial<ServerPermissions>): Scope[] {
  const out: Scope[] = [Scopes.ServerView];
  for (const flag of serverPermissionFlags) if (flags[flag]) out.push(serverPermissionScopes[flag]);
  return out;
}
