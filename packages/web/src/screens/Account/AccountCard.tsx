import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** One titled section of the account page. */
export function AccountCard({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Title order={4}>{title}</Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Paper>
  );
}
