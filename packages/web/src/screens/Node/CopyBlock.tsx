import { Box, Code, Group, Text } from '@mantine/core';
import { CopyValueButton } from '../../components/CopyValueButton';

/** A labelled block of text to paste elsewhere (a file, a shell), with a copy button. */
export function CopyBlock({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyValueButton value={value} label={label} testId={testId && `${testId}-copy`} />
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Box>
  );
}
