import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { useDeleteTemplate } from '../../api/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';

/** Asks before deleting a template, then returns to the list. */
export function DeleteTemplateDialog({ id, opened, onClose, onDeleting }: { id: string; opened: boolean; onClose: () => void; onDeleting?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTemplate(id);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('templates.deleted'));
        // Unsaved edits of a deleted template have nowhere to go: no question on the way out.
        onDeleting?.();
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
