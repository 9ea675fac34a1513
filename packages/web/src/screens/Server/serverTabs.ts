import { grants, serverActionScopes, type ServerAction } from '@outpost/shared';

export type ServerTabId = 'console' | 'stats' | 'files' | 'backups' | 'tasks' | 'settings' | 'users' | 'activity' | 'admin';

export interface ServerTab {
  id: ServerTabId;
  /** Second key of the `t <key>` shortcut. */
  key: string;
  /** Any one of these actions on the server shows the tab; none means every user sees it. */
  actions: ServerAction[];
}

/**
 * The bottom tab bar in the spec's order (server-page.md sections 2.1 and 6). The tasks tab
 * follows editServerData (DESIGN.md: no showTasks flag), the backups tab viewServerBackups; the admin tab always holds the
 * server's OAuth2 clients, so everyone sees it.
 */
export const serverTabs: ServerTab[] = [
  { id: 'console', key: 'c', actions: ['consoleView'] },
  { id: 'stats', key: 'i', actions: ['stats'] },
  { id: 'files', key: 'f', actions: ['fileGet', 'sftp'] },
  { id: 'backups', key: 'b', actions: ['backupsView'] },
  { id: 'tasks', key: 't', actions: ['tasksView'] },
  { id: 'settings', key: 's', actions: ['dataView'] },
  { id: 'users', key: 'u', actions: ['usersEdit'] },
  { id: 'activity', key: 'l', actions: ['activityView'] },
  { id: 'admin', key: 'a', actions: [] },
];

/** The tabs the scopes held on the server open (useServerScopes). */
export function visibleTabs(held: readonly string[]): ServerTab[] {
  return serverTabs.filter((tab) => tab.actions.length === 0 || tab.actions.some((action) => grants(held, serverActionScopes[action])));
}
