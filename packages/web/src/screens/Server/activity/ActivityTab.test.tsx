// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serverPermissionFlags, type ActivityEntry, type ServerPermissions, type ServerSummary } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scopesOnServer, type ServerPerms } from '../../../session/can';
import { ServerPermissionsProvider } from '../../../session/ServerPermissionsProvider';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { visibleTabs } from '../serverTabs';
import ActivityTab from './ActivityTab';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });
const server: ServerSummary = { id: 'abcd1234', name: 'world', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };

const entry = (change: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  time: '2026-11-27T21:05:00Z',
  event: 'server.console.command',
  actor: { type: 'user', id: '7', name: 'alice' },
  ip: '127.0.0.1',
  server: server.id,
  data: { command: 'say hello' },
  ...change,
});

// The panel, as far as this tab talks to it: the URLs asked, and 60 entries to page through.
let asked: URL[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const query = new URL(url, 'http://panel');
    asked.push(query);
    const page = Number(query.searchParams.get('page'));
    const limit = Number(query.searchParams.get('limit'));
    const all = [
      entry({ id: 3, event: 'server.file.written', actor: { type: 'task', id: '2', name: 'Nightly' }, data: { path: '/world/level.dat' } }),
      ...Array.from({ length: 59 }, (_, i) => entry({ id: 100 + i })),
    ].filter((e) => !query.searchParams.get('actor') || e.actor.id === query.searchParams.get('actor'));
    return Response.json({ activity: all.slice((page - 1) * limit, page * limit), paging: { page, limit, total: all.length } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderTab() {
  renderWithProviders(
    <ServerPermissionsProvider permissions={perms({ viewServerActivity: true })}>
      <ActivityTab server={server} />
    </ServerPermissionsProvider>,
  );
}

describe('the Activity tab', () => {
  it('is on the server page of a viewServerActivity holder only', () => {
    expect(visibleTabs(scopesOnServer(perms({ viewServerActivity: true }))).map((tab) => tab.id)).toContain('activity');
    expect(visibleTabs(scopesOnServer(perms({ viewServerConsole: true }))).map((tab) => tab.id)).not.toContain('activity');
  });

  it('lists what was done, with the event in words, who did it and what it was about', async () => {
    renderTab();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(25);
    expect(rows[0]!.textContent).toContain('File written');
    expect(rows[0]!.textContent).toContain('Task: Nightly');
    expect(rows[0]!.textContent).toContain('/world/level.dat');
    expect(rows[1]!.textContent).toContain('Console command');
    expect(rows[1]!.textContent).toContain('alice');
    expect(rows[1]!.textContent).toContain('say hello');
    expect(rows[1]!.textContent).toContain('127.0.0.1');
    expect(asked[0]!.pathname).toBe('/api/servers/abcd1234/activity');
  });

  it('pages through the log and narrows it to one actor by a click on their name', async () => {
    renderTab();
    await screen.findAllByTestId('activity-row');
    fireEvent.click(within(screen.getByTestId('activity-pages')).getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(10));
    expect(asked.at(-1)!.searchParams.get('page')).toBe('3');

    fireEvent.click(within(screen.getAllByTestId('activity-row')[0]!).getByText('alice'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('actor')).toBe('7'));
    expect(asked.at(-1)!.searchParams.get('page')).toBe('1');
    expect((screen.getByTestId('activity-actor-filter') as HTMLInputElement).value).toBe('7');
    await waitFor(() => expect(screen.getAllByTestId('activity-row').every((row) => row.textContent?.includes('alice'))).toBe(true));
  });
});
