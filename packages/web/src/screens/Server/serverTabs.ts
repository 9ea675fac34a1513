import { Scopes, type Scope } from '@outpost/shared';
import { can, scopesOnServer, type ServerPerms } from '../../session/can';

export type ServerTabId = 'console' | 'stats' | 'files' | 'tasks' | 'settings' | 'users' | 'admin';

export interface ServerTab {
  id: ServerTabId;
  /** Second key of the `t <key>` shortcut. */
  key: string;
  /** Any one of these per-server scopes shows the tab; none means every user sees it. */
  scopes: Scope[];
}

/**
 * The bottom tab bar in the spec's order (server-page.md sections 2.1 and 6). The tasks tab
 * follows editServerData (DESIGN.md: no showTasks flag); the admin tab always holds the
 * server's OAuth2 clients, so everyone sees it.
 */
export const serverTabs: ServerTab[] = [
  { id: 'console', key: 'c', scopes: [Scopes.ServersConsole] },
  { id: 'stats', key: 'i', scopes: [Scopes.ServersStat] },
  { id: 'files', key: 'f', scopes: [Scopes.ServersFilesGet, Scopes.ServersFiles] },
  { id: 'tasks', key: 't', scopes: [Scopes.ServersEdit] },
  { id: 'settings', key: 's', scopes: [Scopes.ServersEdit] },
  { id: 'users', key: 'u', scopes: [Scopes.ServersEditUsers] },
  { id: 'admin', key: 'a', scopes: [] },
];

/** The tabs the permissions sent with the server open. */
export function visibleTabs(permissions: ServerPerms | undefined): ServerTab[] {
  const held = scopesOnServer(permissions);
  return serverTabs.filter((tab) => tab.scopes.length === 0 || tab.scopes.some((scope) => can(held, scope)));
}
