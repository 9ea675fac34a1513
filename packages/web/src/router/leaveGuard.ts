import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { BaseLocationHook } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';

/**
 * Holding a move away from a screen with unsaved edits. One screen at a time registers a
 * `holds(path)` test; a move it holds waits here until the user says go on or stay.
 */
type Holds = (nextPathname: string, currentPathname: string) => boolean;

let holds: Holds | null = null;
let pending: (() => void) | null = null;
/** Set while a move the user agreed to is made, so it is not held again. */
let agreed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

const pathnameOf = (to: string) => new URL(to, window.location.href).pathname;

/** Runs `go` now, or keeps it for later when the registered screen holds the move to `to`. */
function guarded(to: string, from: string, go: () => void): void {
  if (!agreed && holds?.(pathnameOf(to), pathnameOf(from))) {
    pending = go;
    changed();
  } else go();
}

/** A location hook like `base` whose navigations ask the registered screen first. */
export function guardLocation<H extends BaseLocationHook>(base: H): H {
  const hook = (...args: Parameters<H>) => {
    const [location, navigate] = base(...args);
    return [location, (to: string, options?: unknown) => guarded(to, location, () => navigate(to, options))];
  };
  return hook as unknown as H;
}

/** The browser's location, guarded, back and forward buttons included. */
export const useGuardedBrowserLocation = guardLocation(useBrowserLocation);

// Back and forward change the address before anyone can ask: a held one is undone (the address
// put back) before the router sees it, and replayed as a move if the user goes on. This listener
// is added before the router's own, so at the window it runs first and can stop the event.
const address = () => window.location.pathname + window.location.search + window.location.hash;
let shown = '';
const remember = () => (shown = address());
// Only in a browser: the panel also draws a first screen ahead, without one.
if (typeof window !== 'undefined') {
  remember();
  addEventListener('pushState', remember);
  addEventListener('replaceState', remember);
  addEventListener(
    'popstate',
    (event) => {
      const target = address();
      if (agreed || !holds?.(window.location.pathname, pathnameOf(shown))) return remember();
      event.stopImmediatePropagation();
      history.pushState(history.state, '', shown);
      guarded(target, shown, () => browserNavigate(target));
    },
    true,
  );
}

/**
 * While mounted, holds every move to another path for which `shouldHold()` is true; `held` says
 * a move waits, `proceed` makes it, `reset` drops it.
 */
export function useLeaveGuard(shouldHold: () => boolean) {
  const latest = useRef(shouldHold);
  latest.current = shouldHold;
  useEffect(() => {
    const mine: Holds = (next, current) => next !== current && latest.current();
    holds = mine;
    return () => {
      if (holds === mine) holds = null;
      pending = null;
    };
  }, []);
  const held = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => pending !== null,
    () => false,
  );
  return {
    held,
    proceed: () => {
      const go = pending;
      pending = null;
      changed();
      agreed = true;
      try {
        go?.();
      } finally {
        agreed = false;
      }
    },
    reset: () => {
      pending = null;
      changed();
    },
  };
}
