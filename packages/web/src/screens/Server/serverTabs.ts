import type { ServerPermissionFlag } from '@outpost/shared';
import { allows, type ServerPerms } from './serverPermissions';

export type ServerTabId = 'console' | 'stats' | 'files' | 'tasks' | 'settings' | 'users' | 'admin';

export interface ServerTab {
  id: ServerTabId;
  /** Second key of the `t <key>` shortcut. */
  key: string;
  /** Any one of these flags shows the tab; none means every user sees it. */
  flags: ServerPermissionFlag[];
}

/**
 * The bottom tab bar in the spec's order (server-page.md sections 2.1 and 6). The tasks tab
 * follows editServerData (DESIGN.md: no showTasks flag); the admin tab always holds the
 * server's OAuth2 clients, so everyone sees it.
 */
export const serverTabs: ServerTab[] = [
  { id: 'console', key: 'c', flags: ['viewServerConsole'] },
  { id: 'stats', key: 'i', flags: ['viewServerStats'] },
  { id: 'files', key: 'f', flags: ['viewServerFiles', 'sftpServer'] },
  { id: 'tasks', key: 't', flags: ['editServerData'] },
  { id: 'settings', key: 's', flags: ['editServerData'] },
  { id: 'users', key: 'u', flags: ['editServerUsers'] },
  { id: 'admin', key: 'a', flags: [] },
];

export function visibleTabs(permissions: ServerPerms | undefined): ServerTab[] {
  return serverTabs.filter((tab) => tab.flags.length === 0 || tab.flags.some((flag) => allows(permissions, flag)));
}
