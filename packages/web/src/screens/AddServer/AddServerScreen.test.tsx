// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Scopes } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import AddServerScreen from './AddServerScreen';

const template = {
  run: { command: 'node index.js' },
  environment: { type: 'standard' },
  data: {
    main: { display: 'Main file', value: 'index.js' },
    port: { display: 'Port', type: 'integer' },
    token: { display: 'Token', value: 'kept by the admin', userEdit: false },
  },
};

// The panel, as far as this screen talks to it: fetch is the browser's edge, stood in for here.
let created: unknown[] = [];
const answers: Record<string, unknown> = {
  'GET /api/nodes': [
    { id: 7, name: 'local', publicHost: '{ip}', sftpPort: 5657 },
    { id: 8, name: 'remote', publicHost: '{ip}', sftpPort: 5658 },
  ],
  'GET /api/templates': [
    { id: 'nodejs', name: 'nodejs', display: 'Node.js application', type: '' },
    { id: 'small', name: 'small', display: 'Small server', type: '' },
  ],
  'GET /api/templates/nodejs': template,
  'GET /api/templates/small': { ...template, limits: { memory: 256, cpu: 50 } },
};

beforeEach(() => {
  created = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key === 'POST /api/servers') {
      created.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ id: 'abcd1234' }), { status: 200 });
    }
    if (key in answers) return new Response(JSON.stringify(answers[key]), { status: 200 });
    return new Response(JSON.stringify({ error: { code: 'ErrNotFound', msg: key } }), { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('AddServerScreen', () => {
  it('names every empty field on submit and sends nothing', async () => {
    sessionStore.save([Scopes.ServersCreate]);
    renderWithProviders(<AddServerScreen />, { path: '/addserver' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create server' }));
    for (const field of ['Server name', 'Node', 'Template']) await screen.findByText(`${field} is required`);
    expect(created).toEqual([]);
  });

  it('creates the server with the values a user may set, then opens it', async () => {
    sessionStore.save([Scopes.ServersCreate]);
    renderWithProviders(<AddServerScreen />, { path: '/addserver' });
    fireEvent.change(await screen.findByLabelText(/Server name/), { target: { value: 'My server' } });
    pick('Node', 'local');
    pick('Template', 'Node.js application');
    await screen.findByLabelText(/Main file/);
    // The variable the template keeps for admins is neither shown nor sent.
    expect(screen.queryByLabelText(/Token/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await screen.findByText('Port is required');
    expect(created).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Port/), { target: { value: '3000' } });
    // Install now is ticked unless the user unticks it.
    expect((screen.getByLabelText('Install now') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Install now'));
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/server/abcd1234'));
    expect(created).toEqual([{ name: 'My server', node: 7, template: 'nodejs', environment: { type: 'standard' }, variables: { main: 'index.js', port: 3000 }, installNow: false }]);
  });

  it("offers limits to servers.edit.admin holders, prefilled from the template, and sends them as changed", async () => {
    sessionStore.save([Scopes.ServersCreate, Scopes.ServersEditAdmin]);
    renderWithProviders(<AddServerScreen />, { path: '/addserver' });
    fireEvent.change(await screen.findByLabelText(/Server name/), { target: { value: 'Limited' } });
    pick('Node', 'local');
    pick('Template', 'Small server');
    await waitFor(() => expect((screen.getByLabelText(/Memory \(MiB\)/) as HTMLInputElement).value).toBe('256'));
    expect((screen.getByLabelText(/CPU/) as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText(/Disk/) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText(/Port/), { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText(/Memory \(MiB\)/), { target: { value: '1024' } });
    fireEvent.change(screen.getByLabelText(/Processes/), { target: { value: '64' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ template: 'small', limits: { memory: 1024, cpu: 50, processes: 64 } });
  });

  it('has the node chosen when there is only one', async () => {
    answers['GET /api/nodes'] = [{ id: 7, name: 'local', publicHost: '{ip}', sftpPort: 5657 }];
    sessionStore.save([Scopes.ServersCreate]);
    renderWithProviders(<AddServerScreen />, { path: '/addserver' });
    fireEvent.change(await screen.findByLabelText(/Server name/), { target: { value: 'One node' } });
    expect((screen.getByRole('combobox', { name: 'Node' }) as HTMLInputElement).value).toBe('local');
    pick('Template', 'Node.js application');
    fireEvent.change(await screen.findByLabelText(/Port/), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ node: 7 });
  });

  it('shows no limits to a creator without servers.edit.admin', async () => {
    sessionStore.save([Scopes.ServersCreate]);
    renderWithProviders(<AddServerScreen />, { path: '/addserver' });
    await screen.findByLabelText(/Server name/);
    pick('Template', 'Small server');
    await screen.findByLabelText(/Main file/);
    expect(screen.queryByTestId('add-server-limits')).toBeNull();
  });
});
