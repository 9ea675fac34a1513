import type { ReactNode } from 'react';
import { Center, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The centred card of the public screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Center mih="calc(100dvh - 56px - 2 * var(--mantine-spacing-lg))">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
        <Title order={1} size="h2" mb={subtitle ? 4 : 'lg'}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Paper>
    </Center>
  );
}
