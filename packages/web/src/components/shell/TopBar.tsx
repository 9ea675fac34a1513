import { lazy, Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
// The brand mark as markup: the icon library's React wrapper is not part of the sign-in page's budget.
import brandMark from '@tabler/icons/outline/topology-star-3.svg?raw';
import { Link } from 'wouter';
import type { AppConfig } from '@outpost/shared';
import { useIdle } from '../../hooks/useIdle';
import { useCachedQueryData } from '../../queries';

// Their menus, tooltips and dialogs (floating-ui, transitions) load once the first screen is drawn:
// neither the sign-in page nor a cold load of a screen waits for them.
const ThemeControl = lazy(() => import('./ThemeControl').then((module) => ({ default: module.ThemeControl })));
const LanguageButton = lazy(() => import('./LanguageButton').then((module) => ({ default: module.LanguageButton })));

/**
 * Brand on the left, theme and language on the right; `leading` holds the menu burger when logged in.
 * Plain elements with Mantine's classes (the markup Group, ThemeIcon and Text draw; their settings in
 * theme/signInPage.css): the bar is on the sign-in page, whose JavaScript has a budget (issue 36).
 */
export function TopBar({ leading }: { leading?: ReactNode }) {
  // Read from the cache, not fetched here: the app fetches the config (AppliedTheme), and the
  // sign-in page draws without the query cache's code.
  const brand = useCachedQueryData<AppConfig>(['config'])?.branding.name || 'Outpost';
  const idle = useIdle();
  return (
    <div className="m_4081bf90 mantine-Group-root op-bar">
      <div className="m_4081bf90 mantine-Group-root op-bar-start">
        {leading}
        <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
          <div className="m_4081bf90 mantine-Group-root op-brand">
            <div className="m_7341320d mantine-ThemeIcon-root op-brand-icon" data-variant="filled" data-size="md" dangerouslySetInnerHTML={{ __html: brandMark }} />
            <p className="mantine-focus-auto m_b6d8b162 mantine-Text-root op-brand-text" data-size="lg" data-testid="brand">
              {brand}
            </p>
          </div>
        </Link>
      </div>
      <div className="m_4081bf90 mantine-Group-root op-bar-end">
        {idle ? (
          <Suspense fallback={<Box w={72} h={28} />}>
            <ThemeControl />
            <LanguageButton />
          </Suspense>
        ) : (
          <Box w={72} h={28} />
        )}
      </div>
    </div>
  );
}
