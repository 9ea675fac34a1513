import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteTemplate } from '../../api/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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
    <ConfirmDialog
      opened={opened}
      title={t('templates.deleteTitle')}
      message={t('templates.deleteConfirm', { id })}
      confirmLabel={t('templates.delete')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={confirm}
      testId="delete-template-confirm"
    />
  );
}
