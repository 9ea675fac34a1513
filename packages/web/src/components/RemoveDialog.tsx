import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from './ConfirmDialog';
import { notifyError, notifySuccess } from './notify';

interface RemoveDialogProps<T, Id> {
  /** What is to go; null or undefined keeps the dialog closed. */
  item: T | null | undefined;
  /** Its id, as the mutation takes it. */
  idOf: (item: T) => Id;
  remove: Pick<UseMutationResult<unknown, Error, Id>, 'mutate' | 'isPending'>;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Said once it is gone; nothing when left out. */
  removed?: string;
  onClose: () => void;
  testId?: string;
}

/**
 * Asks before removing one thing of a list (a backup, a task, a key), removes it through the
 * list's mutation, then closes and says so; a refusal shows as the error toast.
 */
export function RemoveDialog<T, Id>({ item, idOf, remove, title, message, confirmLabel, removed, onClose, testId }: RemoveDialogProps<T, Id>) {
  const confirm = () => {
    if (item === null || item === undefined) return;
    remove.mutate(idOf(item), {
      onSuccess: () => {
        if (removed) notifySuccess(removed);
        onClose();
      },
      onError: notifyError,
    });
  };
  return (
    <ConfirmDialog
      opened={item !== null && item !== undefined}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={confirm}
      testId={testId}
    />
  );
}
