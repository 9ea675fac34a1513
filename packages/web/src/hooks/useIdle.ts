import { useEffect, useState } from 'react';

/** False until the browser first has nothing to do (or 1 s has passed): for work that must not hold up the first paint. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
