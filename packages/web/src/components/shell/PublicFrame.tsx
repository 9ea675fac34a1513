import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { ScreenFallback } from '../ScreenFallback';
import { TopBar } from './TopBar';

/** The frame of public screens (login, registration, invitation): top bar, no side drawer. */
export function PublicFrame() {
  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
