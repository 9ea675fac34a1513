import { useEffect, useRef } from 'react';
import { useTranslation } from '../translation/useTranslation';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useLeaveGuard } from '../router/leaveGuard';

/**
 * Asks before leaving a screen with unsaved edits: a dialog for a move within the app (the
 * router's leave guard), the browser's own question for a reload or a closed tab. `allowLeaving`
 * lets the next move through, for a screen that moves on right after saving.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const guard = useLeaveGuard(() => dirtyRef.current);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      opened={guard.held}
      title={t('templateEditor.leaveTitle')}
      message={t('templateEditor.leaveMessage')}
      confirmLabel={t('templateEditor.leave')}
      onClose={guard.reset}
      onConfirm={guard.proceed}
      testId="leave-unsaved"
    />
  );
  return { dialog, allowLeaving: () => (dirtyRef.current = false) };
}
