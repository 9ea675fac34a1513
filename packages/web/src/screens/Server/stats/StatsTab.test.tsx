// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerSummary, SocketRequest, StatsHistory } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerConnection } from '../../../live/ServerConnection';
import { ServerConnectionContext } from '../../../live/useServerConnection';
import { renderWithProviders } from '../../../test/renderWithProviders';
import StatsTab from './StatsTab';

const server: ServerSummary = { id: 'abcd1234', name: 'world', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };

// The live connection, never opened: what the tab asks is recorded instead.
class RecordingConnection extends ServerConnection {
  sent: SocketRequest[] = [];
  override send(request: SocketRequest): void {
    this.sent.push(request);
  }
}

const STEP = 300_000;
const now = Math.floor(Date.now() / STEP) * STEP;
// A day's 5-minute points: three in a row, a gap, two, a gap, one alone.
const steps = [-20, -19, -18, -12, -11, -6];
const day: StatsHistory = {
  step: 300,
  points: steps.map((step, i) => ({ t: now + step * STEP, cpu: 10 + i, cpuMax: 40 + i, memory: 200_000_000, memoryMax: 250_000_000, players: i })),
};

// The panel, as far as this tab talks to it: fetch is the browser's edge, stood in for here.
let asked: string[];
let connection: RecordingConnection;
beforeEach(() => {
  asked = [];
  connection = new RecordingConnection(server.id);
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url === `/api/servers/${server.id}/stats/history?range=24h`) return Response.json(day);
    if (url === `/api/servers/${server.id}/stats/history?range=1h`) return Response.json({ step: 10, points: [] });
    return Response.json({ error: { code: 'ErrNotFound', msg: url } }, { status: 404 });
  });
  // jsdom lays nothing out: the charts get the size a browser would give them, so they draw.
  const { getBoundingClientRect } = HTMLElement.prototype;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? DOMRect.fromRect({ width: 600, height: 240 }) : getBoundingClientRect.call(this);
  });
});
afterEach(() => {
  connection.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTab() {
  renderWithProviders(
    <ServerConnectionContext.Provider value={connection}>
      <StatsTab server={server} />
    </ServerConnectionContext.Provider>,
  );
}

const range = (name: string) => fireEvent.click(within(screen.getByTestId('stats-range')).getByText(name));
/** The drawn pieces of each line of a chart: a gap starts a new one (a point alone draws none). */
const lineParts = (chart: HTMLElement) =>
  [...chart.querySelectorAll('path.recharts-line-curve')].map((path) => (path.getAttribute('d') ?? '').split('M').filter((piece) => piece.includes('L')).length);

describe('the Stats tab', () => {
  it('opens live, then draws a stored day with its gaps and maxima, an empty hour, and goes live again', async () => {
    renderTab();
    expect(screen.getByTestId('stats-cpu')).not.toBeNull();
    expect(connection.sent).toContainEqual({ type: 'stat' });
    expect(asked).toEqual([]);

    range('24 h');
    const cpu = await screen.findByTestId('history-cpu');
    expect(asked).toEqual([`/api/servers/${server.id}/stats/history?range=24h`]);
    expect(screen.queryByTestId('stats-cpu')).toBeNull();
    // Two lines, highest and average, each in two pieces across the gaps; the point alone gets a dot.
    await waitFor(() => expect(lineParts(cpu)).toEqual([2, 2]));
    expect(cpu.querySelectorAll('.recharts-line-dots circle')).toHaveLength(2);
    expect(within(cpu).getByText('Average')).not.toBeNull();
    expect(within(cpu).getByText('Highest')).not.toBeNull();
    // The axis reads times of day; memory and players have their charts (no disk was measured).
    const times = [...cpu.querySelectorAll('.recharts-xAxis-tick-labels text')].map((tick) => tick.textContent);
    expect(times).toHaveLength(4);
    for (const time of times) expect(time).toMatch(/^\d\d:00\s?(AM|PM)?$/);
    expect(screen.getByTestId('history-memory')).not.toBeNull();
    expect(screen.getByTestId('history-players')).not.toBeNull();
    expect(screen.queryByTestId('history-disk')).toBeNull();

    range('1 h');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No history yet');
    expect(asked.at(-1)).toBe(`/api/servers/${server.id}/stats/history?range=1h`);

    range('Live');
    expect(await screen.findByTestId('stats-cpu')).not.toBeNull();
    expect(screen.queryByTestId('stats-history')).toBeNull();
  });
});
