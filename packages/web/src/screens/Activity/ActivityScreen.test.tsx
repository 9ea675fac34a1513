// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ActivityEntry } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import ActivityScreen from './ActivityScreen';

const entries: ActivityEntry[] = [
  { id: 2, time: '2026-11-27T21:05:00Z', event: 'server.started', actor: { type: 'user', id: '7', name: 'alice' }, ip: '127.0.0.1', server: 'abcd1234', data: {} },
  { id: 1, time: '2026-11-27T21:00:00Z', event: 'auth.login.failed', actor: { type: 'system', id: null, name: 'system' }, ip: '127.0.0.1', server: null, data: { username: 'alice', reason: 'ErrInvalidCredentials' } },
];

let asked: URL[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://panel'));
    return Response.json({ activity: entries, paging: { page: 1, limit: 25, total: 2 } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Activity screen', () => {
  it("links each entry to its server and its user, and names the system's entries", async () => {
    renderWithProviders(<ActivityScreen />);
    const [started, failed] = await screen.findAllByTestId('activity-row');
    expect(started!.querySelector('a[href="/server/abcd1234"]')?.textContent).toBe('abcd1234');
    expect(started!.querySelector('a[href="/user/7"]')?.textContent).toBe('alice');
    expect(failed!.textContent).toContain('Sign-in failed');
    expect(failed!.textContent).toContain('System');
    expect(asked[0]!.pathname).toBe('/api/activity');
  });

  it('asks for one server and one user once their filters hold a valid id', async () => {
    renderWithProviders(<ActivityScreen />);
    await screen.findAllByTestId('activity-row');
    fireEvent.change(screen.getByTestId('activity-server-filter'), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByTestId('activity-user-filter'), { target: { value: '7' } });
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('user')).toBe('7'));
    expect(asked.at(-1)!.searchParams.has('server')).toBe(false);
    fireEvent.change(screen.getByTestId('activity-server-filter'), { target: { value: 'abcd1234' } });
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('server')).toBe('abcd1234'));
  });
});
