import { useEffect } from 'react';
import { useNavigate } from '../router/useNavigate';
import { tinykeys } from 'tinykeys';
import { navRoutes } from '../routes';
import { can } from '../session/can';
import { useScopes } from '../session/sessionStore';

function typingIn(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** `g a`, `g s`, `g n`, `g u`, `g t`, `g c`: go to a menu entry the user may open; `?` calls `onHelp`. */
export function useShortcuts(onHelp: () => void): void {
  const navigate = useNavigate();
  const scopes = useScopes();
  useEffect(() => {
    if (!scopes) return;
    const bindings: Record<string, (event: KeyboardEvent) => void> = {};
    for (const route of navRoutes) {
      if (!can(scopes, route.scope)) continue;
      bindings[`g ${route.nav.shortcut}`] = (event) => {
        if (!typingIn(event)) void navigate(route.path);
      };
    }
    // `?` by the character typed, whichever keys make it on this keyboard.
    const help = (event: KeyboardEvent) => {
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event)) onHelp();
    };
    window.addEventListener('keydown', help);
    const unbind = tinykeys(window, bindings);
    return () => {
      unbind();
      window.removeEventListener('keydown', help);
    };
  }, [navigate, scopes, onHelp]);
}
