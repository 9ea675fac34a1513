import { useEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';

function typingIn(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('.xterm, .cm-editor'));
}

// What Enter already means where it lands: a control's own activation, or a dialog's or menu's.
const ownsEnter = 'button, a[href], summary, [role=button], [role=link], [role=menuitem], [role=option], [role=checkbox], [role=switch], [role=tab], [role=dialog], [role=menu], [role=listbox]';

/** True when the key belongs to what has focus (or a handler that already took it), not to the page's shortcuts. */
function takenByFocus(event: KeyboardEvent): boolean {
  if (typingIn(event)) return true;
  if (event.key !== 'Enter') return false;
  const target = event.target as HTMLElement | null;
  return event.defaultPrevented || !!target?.closest?.(ownsEnter);
}

/**
 * Binds key sequences ("r s", "t c") while mounted, ignored while the user types in a field;
 * Enter is also left to a focused control, dialog or menu that takes it.
 * A binding whose handler is undefined is left out, so hidden controls have no shortcut.
 */
export function useKeySequences(bindings: Record<string, (() => void) | undefined | false>): void {
  const latest = useRef(bindings);
  useEffect(() => {
    latest.current = bindings;
  });
  const keys = Object.entries(bindings)
    .filter(([, run]) => !!run)
    .map(([key]) => key)
    .join('|');
  useEffect(() => {
    const handlers: Record<string, (event: KeyboardEvent) => void> = {};
    for (const key of keys ? keys.split('|') : []) {
      handlers[key] = (event) => {
        const run = latest.current[key];
        if (takenByFocus(event) || !run) return;
        event.preventDefault();
        run();
      };
    }
    return tinykeys(window, handlers);
  }, [keys]);
}
