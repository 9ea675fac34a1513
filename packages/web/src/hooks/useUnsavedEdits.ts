import { useEffect, useId } from 'react';
import { i18n } from '../i18n';

// Who holds edits not yet saved, by hook instance: a page may hold several (settings and an open file).
const dirty = new Set<string>();

/** True when some screen holds unsaved edits. */
export const hasUnsavedEdits = () => dirty.size > 0;

/**
 * Asks whether to throw unsaved edits away; true when there are none or the user agrees. The
 * browser's own dialog, so it also works from a click handler that must decide at once.
 */
export function confirmDiscard(): boolean {
  return !hasUnsavedEdits() || window.confirm(i18n.t('unsaved.discard'));
}

/** Asks on a link click; a declined click goes nowhere. */
function guardLinks(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
  if (confirmDiscard()) {
    dirty.clear();
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

function guardUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/**
 * While `isDirty`, leaving by a link in the panel, closing the tab or reloading asks first.
 * Screens ask themselves (confirmDiscard) before closing a dialog or switching a tab.
 */
export function useUnsavedEdits(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return undefined;
    dirty.add(id);
    if (dirty.size === 1) {
      document.addEventListener('click', guardLinks, true);
      window.addEventListener('beforeunload', guardUnload);
    }
    return () => {
      dirty.delete(id);
      if (dirty.size > 0) return;
      document.removeEventListener('click', guardLinks, true);
      window.removeEventListener('beforeunload', guardUnload);
    };
  }, [id, isDirty]);
}
