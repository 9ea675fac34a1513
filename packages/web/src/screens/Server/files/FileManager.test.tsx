// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { serverPermissionFlags, type ServerPermissions, type ServerSummary } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ServerConnection } from '../../../live/ServerConnection';
import { ServerConnectionContext } from '../../../live/useServerConnection';
import type { ServerPerms } from '../../../session/can';
import { ServerPermissionsProvider } from '../../../session/ServerPermissionsProvider';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FileManager } from './FileManager';

// The browser's WebSocket, stood in for: it opens when told and answers listings by hand.
class StandInSocket {
  static readonly OPEN = 1;
  static last: StandInSocket;
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor() {
    StandInSocket.last = this;
  }
  send() {}
  close() {}
}

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPermissions>): ServerPerms => ({ ...none, admin: false, ...change });
const server: ServerSummary = { id: 'abcd1234', name: 'files', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };

let connection: ServerConnection;
let clicks: MockInstance;
// Each time the upload's file chooser was opened.
const pickerOpenings = () => clicks.mock.contexts.filter((input) => (input as HTMLInputElement).type === 'file').length;

beforeEach(() => {
  vi.stubGlobal('WebSocket', StandInSocket);
  clicks = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
  connection = new ServerConnection(server.id);
  connection.open();
});

afterEach(() => {
  connection.close();
  clicks.mockRestore();
  vi.unstubAllGlobals();
});

function renderManager(permissions: ServerPerms) {
  renderWithProviders(
    <ServerPermissionsProvider permissions={permissions}>
      <ServerConnectionContext.Provider value={connection}>
        <FileManager server={server} />
      </ServerConnectionContext.Provider>
    </ServerPermissionsProvider>,
  );
  const socket = StandInSocket.last;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.();
    socket.onmessage?.({ data: JSON.stringify({ type: 'file', data: { path: '/', files: [{ name: 'server.properties', isFile: true, size: 10, modifyTime: 0 }] } }) });
  });
}

describe('FileManager keys', () => {
  it('opens the upload on Enter, as on u, when nothing focused takes the key', () => {
    renderManager(perms({ viewServerFiles: true, putServerFiles: true }));
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(pickerOpenings()).toBe(1);
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(pickerOpenings()).toBe(2);
  });

  it('leaves Enter to a focused button, a row of the list and an open dialog', async () => {
    renderManager(perms({ viewServerFiles: true, putServerFiles: true }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Refresh' }), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'server.properties' }), { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: 'n' });
    fireEvent.keyDown(document.body, { key: 'd' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(pickerOpenings()).toBe(0);
  });

  it('opens no upload for a reader without putServerFiles', () => {
    renderManager(perms({ viewServerFiles: true }));
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(pickerOpenings()).toBe(0);
  });
});
