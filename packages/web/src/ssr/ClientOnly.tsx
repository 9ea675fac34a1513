import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * Draws `children` only in the browser, `fallback` before: in the panel's first-screen render, and
 * while the app takes that markup over, which must match it. For parts that load lazily (toasts,
 * the error dialog, a server page's tab), which renderToString cannot wait for. A fresh render
 * draws them at once.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
