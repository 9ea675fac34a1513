// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { NodeView } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { NodeLimitsCard } from './NodeLimitsCard';

const node = { id: 1, name: 'local', publicHost: 'localhost', publicPort: 8080, privateHost: '', privatePort: 8080, sftpPort: 5657, isLocal: true, online: true, version: '1', servers: 0 } as unknown as NodeView;

describe("a node's limits card", () => {
  it('names the cgroup hierarchy and each limit the node enforces', () => {
    renderWithProviders(<NodeLimitsCard node={{ ...node, limits: { cgroup: 'v1', memory: true, cpu: true, processes: true, disk: false } }} />);
    expect(screen.getByTestId('node-limits-cgroup').textContent).toBe('Through cgroup v1');
    expect(screen.getByTestId('node-limit-memory').textContent).toBe('Enforced');
    expect(screen.getByTestId('node-limit-disk').textContent).toBe('Not enforced');
    expect(screen.queryByTestId('node-limits-not-enforced')).toBeNull();
  });

  it('says limits are not enforced on a node with no writable cgroup, and waits for a node that has not said', () => {
    renderWithProviders(<NodeLimitsCard node={{ ...node, limits: { cgroup: null, memory: false, cpu: false, processes: false, disk: true } }} />);
    expect(screen.getByTestId('node-limits-not-enforced').textContent).toContain('Limits not enforced on this node');
    renderWithProviders(<NodeLimitsCard node={node} />);
    expect(screen.getByText('The node has not said yet.')).toBeTruthy();
  });
});
