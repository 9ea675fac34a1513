// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { Scopes, serverActionScopes, serverPermissionFlags, type ServerAction, type ServerPermissions } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { useCan } from '../hooks/useCan';
import type { ServerPerms } from '../session/can';
import { ServerPermissionsProvider } from '../session/ServerPermissionsProvider';
import { sessionStore } from '../session/sessionStore';
import { renderWithProviders } from '../test/renderWithProviders';
import { Can } from './Can';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });

// useCan on a server page: the page provides the permissions sent with its server.
const onServer = (action: ServerAction, permissions: ServerPerms | undefined) =>
  renderHook(() => useCan(action), {
    wrapper: ({ children }: { children: ReactNode }) => <ServerPermissionsProvider permissions={permissions}>{children}</ServerPermissionsProvider>,
  }).result.current;

describe('useCan', () => {
  it('follows the session: hidden when logged out, shown once a session with the scope starts, hidden again on logout', () => {
    const { result } = renderHook(() => useCan(Scopes.TemplatesEdit));
    expect(result.current).toBe(false);
    act(() => sessionStore.save([Scopes.TemplatesView, Scopes.TemplatesEdit]));
    expect(result.current).toBe(true);
    act(() => sessionStore.clear());
    expect(result.current).toBe(false);
  });

  it('answers an action on the server from the permissions the server page provides, not from the session', () => {
    sessionStore.save([Scopes.ServersAdmin]);
    expect(onServer('start', perms({ stopServer: true }))).toBe(false);
    expect(onServer('start', perms({ startServer: true }))).toBe(true);
    // Not loaded yet, or no server page at all: nothing, even for a panel admin.
    expect(onServer('start', undefined)).toBe(false);
    expect(renderHook(() => useCan('start')).result.current).toBe(false);
  });

  it('answers each action as the action table says: a restart of a running server needs start and stop', () => {
    expect(onServer('restart', perms({ startServer: true }))).toBe(true);
    expect(onServer('restartRunning', perms({ startServer: true }))).toBe(false);
    expect(onServer('restartRunning', perms({ startServer: true, stopServer: true }))).toBe(true);
    expect(onServer('kill', perms({ stopServer: true }))).toBe(true);
    expect(onServer('tasksEdit', perms({ editServerData: true }))).toBe(true);
  });

  it('gives a server admin every action on that server, and no panel scope', () => {
    sessionStore.save([Scopes.ServersView]);
    for (const action of Object.keys(serverActionScopes) as ServerAction[]) expect(onServer(action, perms({ admin: true })), action).toBe(true);
    expect(renderHook(() => useCan(Scopes.ServersAdmin)).result.current).toBe(false);
  });

  it('never mistakes a panel scope for an action: every scope has a dot and no action does', () => {
    expect(Object.values(Scopes).every((scope) => scope.includes('.'))).toBe(true);
    expect(Object.keys(serverActionScopes).some((action) => action.includes('.'))).toBe(false);
  });
});

describe('Can', () => {
  it('shows its children only with the panel scope, else what `otherwise` holds', () => {
    sessionStore.save([Scopes.ServersView]);
    renderWithProviders(
      <>
        <Can scope={Scopes.ServersView}>
          <p>servers</p>
        </Can>
        <Can scope={Scopes.SettingsEdit} otherwise={<p>read only</p>}>
          <p>settings</p>
        </Can>
      </>,
    );
    expect(screen.queryByText('servers')).not.toBeNull();
    expect(screen.queryByText('settings')).toBeNull();
    expect(screen.queryByText('read only')).not.toBeNull();
  });

  it('with an action, asks the server of the page, and grants nothing while its permissions are unknown', () => {
    sessionStore.save([Scopes.ServersAdmin]);
    renderWithProviders(
      <>
        <ServerPermissionsProvider permissions={perms({ viewServerFiles: true })}>
          <Can action="fileGet">
            <p>files</p>
          </Can>
          <Can action="sftp">
            <p>sftp</p>
          </Can>
        </ServerPermissionsProvider>
        <ServerPermissionsProvider permissions={undefined}>
          <Can action="consoleView">
            <p>console</p>
          </Can>
        </ServerPermissionsProvider>
      </>,
    );
    expect(screen.queryByText('files')).not.toBeNull();
    expect(screen.queryByText('sftp')).toBeNull();
    expect(screen.queryByText('console')).toBeNull();
  });
});
