import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What a dialog shows once after making something with a secret: the warning, the values (CopyRows), Done. */
export function SecretShownOnce({ warning, doneLabel, onDone, testId, children }: { warning: string; doneLabel: string; onDone: () => void; testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
        {warning}
      </Alert>
      {children}
      <Group justify="flex-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
