import { Progress, Stack, Text } from '@mantine/core';

/** A small bar under a figure: CPU against one core, memory against its limit or else the largest on the page. */
export function UsageBar({ label, fraction, testId }: { label: string; fraction: number; testId: string }) {
  return (
    <Stack gap={2} miw={72} data-testid={testId}>
      <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Progress size="xs" value={Math.min(100, Math.max(0, fraction * 100))} aria-label={label} />
    </Stack>
  );
}
