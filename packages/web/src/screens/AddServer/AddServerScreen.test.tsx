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
  'GET /api/nodes': [{ id: 7, name: 'local', publicHost: '{ip}', sftpPort: 5657 }],
  'GET /api/templates': [{ id: 'nodejs', name: 'nodejs', display: 'Node.js application', type: '' }],
  'GET /api/templates/nodejs': template,
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
});
