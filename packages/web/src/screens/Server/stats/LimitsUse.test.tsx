// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LimitsUse } from './LimitsUse';

describe('LimitsUse', () => {
  it('shows memory, CPU and disk against their limits', () => {
    renderWithProviders(<LimitsUse stats={{ cpu: 25, memory: 128 * 1_048_576, disk: 40 * 1_048_576, limits: { memory: 512, cpu: 50, disk: 200 }, limitsEnforced: true }} />);
    expect(screen.getByTestId('limit-use-memory-text').textContent).toBe('128 of 512 MiB');
    expect(screen.getByTestId('limit-use-cpu-text').textContent).toBe('25% of 50%');
    expect(screen.getByTestId('limit-use-disk-text').textContent).toBe('40 of 200 MiB');
    expect(screen.queryByTestId('limits-not-enforced')).toBeNull();
  });

  it('says so when the node cannot enforce the limits, and "no limit" where there is none', () => {
    renderWithProviders(<LimitsUse stats={{ cpu: 5, memory: 64 * 1_048_576, limits: { memory: 256 }, limitsEnforced: false }} />);
    expect(screen.getByTestId('limits-not-enforced').textContent).toContain('Limits not enforced on this node');
    expect(screen.getByTestId('limit-use-cpu-text').textContent).toBe('5%, no limit');
    expect(screen.queryByTestId('limit-use-disk')).toBeNull();
  });
});
