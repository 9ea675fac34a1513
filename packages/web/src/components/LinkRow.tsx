import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { useNavigate } from '../router/useNavigate';

/** A table row that opens `to` on a click or on Enter, so list screens work by keyboard too. */
export function LinkRow({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      tabIndex={0}
      // Mantine's focus ring, which its own controls draw when focused by keyboard.
      className="mantine-focus-auto"
      onClick={() => void navigate(to)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void navigate(to);
      }}
      data-testid={testId}
    >
      {children}
    </Table.Tr>
  );
}
