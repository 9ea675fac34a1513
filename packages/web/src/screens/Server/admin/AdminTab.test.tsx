// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { serverPermissionFlags, type ServerDefinition, type ServerPermissions, type ServerSummary } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerPerms } from '../../../session/can';
import { ServerPermissionsProvider } from '../../../session/ServerPermissionsProvider';
import { renderWithProviders } from '../../../test/renderWithProviders';
import AdminTab from './AdminTab';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });
const server: ServerSummary = { id: 'abcd1234', name: 'world', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };

// The panel, as far as this tab talks to it: fetch is the browser's edge, stood in for here.
let definition: ServerDefinition;
let written: ServerDefinition[];
beforeEach(() => {
  definition = { run: { command: 'node index.js' }, environment: { type: 'standard' }, limits: { memory: 512, cpu: 0 } } as ServerDefinition;
  written = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const base = `/proxy/daemon/server/${server.id}`;
    if (url === `${base}/definition` && method === 'GET') return Response.json(definition);
    if (url === `${base}/definition` && method === 'POST') {
      definition = JSON.parse(String(init.body));
      written.push(definition);
      return new Response(null, { status: 204 });
    }
    if (url === `${base}/reload`) return new Response(null, { status: 204 });
    if (url.includes('oauth2')) return Response.json([]);
    return Response.json({ error: { code: 'ErrNotFound', msg: url } }, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(permissions: ServerPerms) {
  renderWithProviders(
    <ServerPermissionsProvider permissions={permissions}>
      <AdminTab server={server} />
    </ServerPermissionsProvider>,
  );
}

describe("the Admin tab's limits", () => {
  it("shows the definition's limits, empty boxes for unlimited, and saves a change into the definition", async () => {
    renderTab(perms({ admin: true }));
    const memory = (await screen.findByLabelText(/Memory \(MiB\)/)) as HTMLInputElement;
    await waitFor(() => expect(memory.value).toBe('512'));
    expect((screen.getByLabelText(/CPU/) as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('save-limits') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(memory, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/Disk/), { target: { value: '2048' } });
    fireEvent.change(screen.getByLabelText(/CPU/), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('save-limits'));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]!.limits).toEqual({ disk: 2048, cpu: 150 });
    // The rest of the definition is written back as read.
    expect(written[0]!.run).toEqual({ command: 'node index.js' });
    // Read again, the saved limits fill the boxes, and there is nothing left to save.
    await waitFor(() => expect((screen.getByLabelText(/Disk/) as HTMLInputElement).value).toBe('2048'));
    await waitFor(() => expect((screen.getByTestId('save-limits') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByLabelText(/Memory \(MiB\)/) as HTMLInputElement).value).toBe('');
  });

  it('is not there for someone without servers.edit.admin', async () => {
    renderTab(perms({ deleteServer: true }));
    await screen.findByText('Server administration');
    expect(screen.queryByTestId('server-limits')).toBeNull();
  });
});
