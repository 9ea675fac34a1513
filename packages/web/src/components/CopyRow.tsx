import { Group, Text } from '@mantine/core';
import { CopyValueButton } from './CopyValueButton';

/** A labelled value in monospace with a copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Text>
      </div>
      <CopyValueButton value={value} label={label} />
    </Group>
  );
}
