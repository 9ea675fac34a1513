// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { serverPermissionFlags, type ServerPermissions, type SocketRequest } from '@outpost/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerConnection } from '../../live/ServerConnection';
import type { ServerPerms } from '../../session/can';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ControlBar } from './ControlBar';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPermissions>): ServerPerms => ({ ...none, admin: false, ...change });

// The live connection, never opened: what the bar sends is recorded instead.
class RecordingConnection extends ServerConnection {
  sent: SocketRequest[] = [];
  override send(request: SocketRequest): void {
    this.sent.push(request);
  }
}

let connection: RecordingConnection;
afterEach(() => connection.close());

function renderBar(running: boolean, permissions: ServerPerms) {
  connection = new RecordingConnection('abcd1234');
  renderWithProviders(<ControlBar connection={connection} running={running} permissions={permissions} />);
  return screen.getByTestId('control-start');
}

describe('ControlBar', () => {
  it('offers a startServer holder Start while stopped, and sends it', () => {
    const button = renderBar(false, perms({ startServer: true }));
    expect(button.textContent).toBe('Start');
    fireEvent.click(button);
    expect(connection.sent).toEqual([{ type: 'start' }]);
  });

  it('shows a startServer holder without stopServer Restart while running, disabled, saying it needs the stop permission, and sends nothing', async () => {
    const button = renderBar(true, perms({ startServer: true }));
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
    const button = renderBar(true, perms({ startServer: true, stopServer: true }));
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(connection.sent).toEqual([{ type: 'stop' }]);
  });

  it('shows no Start or Restart without startServer', () => {
    connection = new RecordingConnection('abcd1234');
    renderWithProviders(<ControlBar connection={connection} running={true} permissions={perms({ stopServer: true })} />);
    expect(screen.queryByTestId('control-start')).toBeNull();
  });
});
