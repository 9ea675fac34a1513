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

/** `g a`, `g s`, `g n`, `g u`, `g t`, `g c`: go to a menu entry the user may open. */
export function useShortcuts(): void {
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
    return tinykeys(window, bindings);
  }, [navigate, scopes]);
}
