// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import type { LiveServer, ServerSummary } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ServerRow } from './ServerRow';

const server: ServerSummary = { id: 'abcd1234', name: 'world', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };
const MIB = 1_048_576;

function renderRow(live: LiveServer, memoryScale: number) {
  renderWithProviders(
    <Table>
      <Table.Tbody>
        <ServerRow server={server} live={live} memoryScale={memoryScale} />
      </Table.Tbody>
    </Table>,
  );
  return screen.getByTestId('server-row-memory');
}

describe("a server row's memory bar", () => {
  it('is drawn against the memory limit when the server has one', () => {
    const bar = renderRow({ id: server.id, state: 'online', cpu: 3, memory: 128 * MIB, memoryLimit: 512 }, 1024 * MIB);
    expect(bar.textContent).toBe('128 of 512 MiB');
    expect(bar.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
  });

  it('is drawn against the largest on the page without one', () => {
    const bar = renderRow({ id: server.id, state: 'online', cpu: 3, memory: 128 * MIB }, 256 * MIB);
    expect(bar.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
  });
});
