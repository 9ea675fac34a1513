import { Loader } from '@mantine/core';
import { DelayedMount } from './DelayedMount';

/** Shown while a lazily loaded screen arrives; only after a short delay, to avoid flicker. */
export function ScreenFallback() {
  return (
    <DelayedMount>
      {/* Center's markup: its code is not part of the sign-in page's budget (issue 36). */}
      <div className="m_4451eb3a mantine-Center-root" style={{ paddingBlock: 'calc(5rem * var(--mantine-scale))' }}>
        <Loader />
      </div>
    </DelayedMount>
  );
}
