// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { QueryAnswer } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PlayersCard } from './PlayersCard';

// The panel's query route: the answer the test sets, or 204 when there is none.
let answer: QueryAnswer | undefined;
let asked: string[];
beforeEach(() => {
  answer = undefined;
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return answer ? Response.json(answer) : new Response(null, { status: 204 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the players card', () => {
  it("shows the game's count, names, version and message of the day", async () => {
    answer = { online: 2, max: 10, players: ['alice', 'bob'], version: '1.21.4', motd: 'Hello' };
    renderWithProviders(<PlayersCard serverId="abcd1234" running />);
    expect((await screen.findByTestId('players-count')).textContent).toBe('2 of 10 online');
    expect(screen.getByTestId('players-names').textContent).toBe('alicebob');
    expect(screen.getByTestId('players-version').textContent).toBe('Version1.21.4');
    expect(screen.getByTestId('players-motd').textContent).toBe('Message of the dayHello');
    expect(asked).toEqual(['/proxy/daemon/server/abcd1234/query']);
  });

  it('says nobody plays when the game counts none and gives no names', async () => {
    answer = { online: 0, max: 10 };
    renderWithProviders(<PlayersCard serverId="abcd1234" running />);
    expect((await screen.findByTestId('players-card')).textContent).toContain('Nobody is playing right now');
  });

  it('is absent when the node has nothing to say (204), and asks nothing while the server is stopped', async () => {
    renderWithProviders(<PlayersCard serverId="abcd1234" running />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByTestId('players-card')).toBeNull();

    asked = [];
    renderWithProviders(<PlayersCard serverId="ffff0000" running={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});
