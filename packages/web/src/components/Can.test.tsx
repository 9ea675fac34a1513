// @vitest-environment jsdom
import { act, renderHook, screen } from '@testing-library/react';
import { Scopes, serverPermissionFlags, type ServerPermissions } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { useCan } from '../hooks/useCan';
import type { ServerPerms } from '../session/can';
import { sessionStore } from '../session/sessionStore';
import { renderWithProviders } from '../test/renderWithProviders';
import { Can } from './Can';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });

describe('useCan', () => {
  it('follows the session: hidden when logged out, shown once a session with the scope starts, hidden again on logout', () => {
    const { result } = renderHook(() => useCan(Scopes.TemplatesEdit));
    expect(result.current).toBe(false);
    act(() => sessionStore.save([Scopes.TemplatesView, Scopes.TemplatesEdit]));
    expect(result.current).toBe(true);
    act(() => sessionStore.clear());
    expect(result.current).toBe(false);
  });

  it('answers a server scope from the permissions sent with the server, not from the session', () => {
    sessionStore.save([Scopes.Admin]);
    const { result, rerender } = renderHook(({ server }) => useCan(Scopes.ServersStart, server), {
      initialProps: { server: perms({ stopServer: true }) as ServerPerms | undefined },
    });
    expect(result.current).toBe(false);
    rerender({ server: perms({ startServer: true }) });
    expect(result.current).toBe(true);
    // Not loaded yet: nothing, even for a panel admin.
    rerender({ server: undefined });
    expect(result.current).toBe(false);
  });

  it('gives a server admin every server scope and the admin scope on that server only', () => {
    sessionStore.save([Scopes.ServersList]);
    expect(renderHook(() => useCan(Scopes.ServersDeleteOne, perms({ admin: true }))).result.current).toBe(true);
    expect(renderHook(() => useCan(Scopes.Admin, perms({ admin: true }))).result.current).toBe(true);
    expect(renderHook(() => useCan(Scopes.Admin)).result.current).toBe(false);
  });
});

describe('Can', () => {
  it('shows its children only with the panel scope, else what `otherwise` holds', () => {
    sessionStore.save([Scopes.ServersList]);
    renderWithProviders(
      <>
        <Can scope={Scopes.ServersList}>
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

  it('with a server prop, asks that server, even while its permissions are unknown', () => {
    sessionStore.save([Scopes.Admin]);
    renderWithProviders(
      <>
        <Can scope={Scopes.ServersFilesGet} server={perms({ viewServerFiles: true })}>
          <p>files</p>
        </Can>
        <Can scope={Scopes.ServersFiles} server={perms({ viewServerFiles: true })}>
          <p>sftp</p>
        </Can>
        <Can scope={Scopes.ServersConsole} server={undefined}>
          <p>console</p>
        </Can>
      </>,
    );
    expect(screen.queryByText('files')).not.toBeNull();
    expect(screen.queryByText('sftp')).toBeNull();
    expect(screen.queryByText('console')).toBeNull();
  });
});
