import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../translation/useTranslation';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** The red button's label, naming what happens ("Delete server"). */
  confirmLabel: string;
  pending?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Test id of the confirm button. */
  testId?: string;
}

/** Asks before something that cannot be undone: the message, Cancel, and a red confirm button. */
export function ConfirmDialog({ opened, title, message, confirmLabel, pending = false, onClose, onConfirm, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm} data-testid={testId}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
