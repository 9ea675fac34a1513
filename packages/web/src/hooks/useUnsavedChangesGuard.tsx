import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';

/**
 * Asks before leaving a screen with unsaved edits: a dialog for a move within the app (the
 * router's blocker), the browser's own question for a reload or a closed tab. `allowLeaving`
 * lets the next move through, for a screen that moves on right after saving.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('templateEditor.leaveTitle')}
      message={t('templateEditor.leaveMessage')}
      confirmLabel={t('templateEditor.leave')}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      testId="leave-unsaved"
    />
  );
  return { dialog, allowLeaving: () => (dirtyRef.current = false) };
}
