// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Scopes, serverPermissionFlags, type ServerPermissions, type SocketRequest } from '@outpost/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerConnection } from '../../live/ServerConnection';
import type { ServerPerms } from '../../session/can';
import { ServerPermissionsProvider } from '../../session/ServerPermissionsProvider';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ControlBar } from './ControlBar';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });

// The live connection, never opened: what the bar sends is recorded instead.
class RecordingConnection extends ServerConnection {
  sent: SocketRequest[] = [];
  override send(request: SocketRequest): void {
    this.sent.push(request);
  }
}

let connection: RecordingConnection;
afterEach(() => connection.close());

// The bar as the server page draws it: the user's permissions on the server come from the page.
function renderBar(running: boolean, permissions: ServerPerms) {
  connection = new RecordingConnection('abcd1234');
  renderWithProviders(
    <ServerPermissionsProvider permissions={permissions}>
      <ControlBar connection={connection} running={running} />
    </ServerPermissionsProvider>,
  );
}

const controls = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('ControlBar', () => {
  it('offers a startServer holder Start while stopped, and sends it', () => {
    renderBar(false, perms({ startServer: true }));
    const button = screen.getByTestId('control-start');
    expect(button.textContent).toBe('Start');
    fireEvent.click(button);
    expect(connection.sent).toEqual([{ type: 'start' }]);
  });

  it('shows a startServer holder without stopServer Restart while running, disabled, saying it needs the stop permission, and sends nothing', async () => {
    renderBar(true, perms({ startServer: true }));
    const button = screen.getByTestId('control-start');
    expect(button.textContent).toBe('Restart');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    fireEvent.keyDown(window, { key: 'r' });
    fireEvent.keyDown(window, { key: 'r' });
    expect(connection.sent).toEqual([]);
    fireEvent.mouseEnter(button);
    expect(await screen.findByText('Restarting stops the server first, which needs the stop permission')).not.toBeNull();
  });

  it('restarts for a holder of startServer and stopServer: a stop first', () => {
    renderBar(true, perms({ startServer: true, stopServer: true }));
    const button = screen.getByTestId('control-start');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(connection.sent).toEqual([{ type: 'stop' }]);
  });

  it('shows no Start or Restart without startServer', () => {
    renderBar(true, perms({ stopServer: true }));
    expect(screen.queryByTestId('control-start')).toBeNull();
  });

  it('shows a startServer holder Start, or Restart while running, and never Stop, Kill or Install', () => {
    renderBar(false, perms({ startServer: true }));
    expect(controls()).toEqual(['Start']);
    cleanup();
    renderBar(true, perms({ startServer: true }));
    expect(controls()).toEqual(['Restart']);
  });

  it('shows a server admin every control, and nothing before the permissions arrive, even to a panel admin', () => {
    renderBar(true, perms({ admin: true }));
    expect(controls()).toEqual(['Restart', 'Stop', 'Kill', 'Install']);
    cleanup();
    sessionStore.save([Scopes.ServersAdmin]);
    connection = new RecordingConnection('abcd1234');
    renderWithProviders(
      <ServerPermissionsProvider permissions={undefined}>
        <ControlBar connection={connection} running={true} />
      </ServerPermissionsProvider>,
    );
    expect(controls()).toEqual([]);
  });
});
