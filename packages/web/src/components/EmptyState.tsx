import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** A calm "nothing here" panel, with the next step when the user may take it. */
export function EmptyState({ title, description, action, compact = false }: { title: string; description?: string; action?: ReactNode; compact?: boolean }) {
  return (
    <Stack align="center" gap="xs" py={compact ? 'sm' : 48} data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconInbox size={30} stroke={1.5} />
      </ThemeIcon>
      <Title order={4} ta="center">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" ta="center" maw={420} size="sm">
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
