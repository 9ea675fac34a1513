import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { ScreenFallback } from '../ScreenFallback';
import { TopBar } from './TopBar';

// Plain boxes rather than Mantine's AppShell: the sign-in page is the first thing a visitor
// loads, and the shell's code (drawer, media rules) is for the signed-in frame only.
const headerStyle = { borderBottom: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-body)' };

/** The frame of public screens (login, registration, invitation): top bar, no side drawer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Box component="header" h={56} style={headerStyle}>
        <TopBar />
      </Box>
      <Box component="main" p="lg">
        <Suspense fallback={<ScreenFallback />}>{children}</Suspense>
      </Box>
    </>
  );
}
