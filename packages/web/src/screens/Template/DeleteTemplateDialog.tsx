import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteTemplate } from '../../api/templates';
import { notifyError, notifySuccess } from '../../components/notify';

/** Asks before deleting a template, then returns to the list. */
export function DeleteTemplateDialog({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTemplate(id);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('templates.deleted'));
        void navigate('/template');
      },
      onError: notifyError,
    });

  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.deleteTitle')}>
      <Text size="sm">{t('templates.deleteConfirm', { id })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm} data-testid="delete-template-confirm">
          {t('templates.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
