import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';

/** The overlay an item is edited in: nothing reaches the list until Save; Cancel or closing drops the edit. */
export function OverlayDialog({ title, opened, canSave, onSave, onCancel, children, testId }: { title: string; opened: boolean; canSave: boolean; onSave: () => void; onCancel: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="lg" data-testid={testId}>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onSave} disabled={!canSave} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
