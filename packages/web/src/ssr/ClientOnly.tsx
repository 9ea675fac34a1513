import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * Draws `children` only in the browser: not in the panel's first-screen render, and not while
 * the app takes that markup over, which must match it. For parts that load lazily (toasts, the
 * error dialog), which renderToString cannot wait for. A fresh render draws them at once.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return inBrowser ? children : null;
}
