import { useEffect, useState, type ReactNode } from 'react';

/** Renders children only after a delay, so quick loads never flash a skeleton. */
export function DelayedMount({ delay = 250, children }: { delay?: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? <>{children}</> : null;
}
