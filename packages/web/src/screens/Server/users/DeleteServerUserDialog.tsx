import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteServerUserDialogProps {
  email: string;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before taking every permission on the server away from a user. */
export function DeleteServerUserDialog({ email, opened, pending, onClose, onConfirm }: DeleteServerUserDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('serverUsers.deleteTitle')}>
      <Text size="sm">{t('serverUsers.deleteConfirm', { email })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm} data-testid="server-user-delete-confirm">
          {t('serverUsers.remove')}
        </Button>
      </Group>
    </Modal>
  );
}
