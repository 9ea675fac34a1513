// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreen } from './firstScreen';

describe('prefetchFirstScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the list's first page and a server's details under the keys their screens read, and for nothing else", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ servers: [], paging: { page: 1, limit: 10, total: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const client = new QueryClient();
    prefetchFirstScreen(client, '/server');
    prefetchFirstScreen(client, '/server/0123abcd');
    prefetchFirstScreen(client, '/server/not-an-id');
    prefetchFirstScreen(client, '/template');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]).toMatch(/^\/api\/servers\?page=1&limit=\d+/);
    expect(asked[1]).toBe('/api/servers/0123abcd?perms');
    // The screen's own first filter: { search: debounced '', node: undefined, state: undefined }.
    await vi.waitFor(() => expect(client.getQueryData(['servers', 'list', 1, { search: '', node: undefined, state: undefined }])).toBeDefined());
    expect(client.getQueryData(['servers', 'one', '0123abcd'])).toBeDefined();
  });
});
