import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** A screen's title row (also the browser tab's title), with optional actions on the right. */
export function ScreenHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
