import { useEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';

function typingIn(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('.xterm, .cm-editor'));
}

/**
 * Binds key sequences ("r s", "t c") while mounted, ignored while the user types in a field.
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
        if (typingIn(event) || !run) return;
        event.preventDefault();
        run();
      };
    }
    return tinykeys(window, handlers);
  }, [keys]);
}
