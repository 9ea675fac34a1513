import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { AppShell, Burger, Divider, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useLogout } from '../../hooks/useLogout';
import { useShortcuts } from '../../hooks/useShortcuts';
import { FirstAdminHint } from '../FirstAdminHint';
import { ScreenFallback } from '../ScreenFallback';
import { NavMenu } from './NavMenu';
import { TopBar } from './TopBar';
import { useIsRtl } from '../../hooks/useIsRtl';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((module) => ({ default: module.ShortcutsDialog })));

/** The logged-in frame: top bar, side drawer (collapsible to icons) and the current screen. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const rtl = useIsRtl();
  const [mobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'navCollapsed', defaultValue: false });
  const logout = useLogout();
  const [helpOpen, { open: openHelp, close: closeHelp }] = useDisclosure(false);
  // Loaded on the first `?`, then kept, so closing can hand the focus back where it was.
  const [helpLoaded, setHelpLoaded] = useState(false);
  const showHelp = useCallback(() => {
    setHelpLoaded(true);
    openHelp();
  }, [openHelp]);
  useShortcuts(showHelp);

  const collapseLabel = collapsed ? t('shell.expand') : t('shell.collapse');
  const bottomLink = (label: string, icon: React.ReactNode, onClick: () => void, testId: string) => {
    const link = (
      <NavLink
        component="button"
        label={collapsed ? undefined : label}
        aria-label={label}
        leftSection={icon}
        onClick={onClick}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        data-testid={testId}
      />
    );
    return collapsed ? (
      <Tooltip label={label} position={rtl ? 'left' : 'right'}>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: collapsed ? 68 : 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar
          leading={<Burger opened={mobileOpen} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label={t('shell.menu')} />}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" data-testid="sidebar">
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu collapsed={collapsed} onNavigate={closeMobile} />
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="sm" />
          {bottomLink(
            collapseLabel,
            collapsed ? <IconLayoutSidebarLeftExpand size={20} stroke={1.6} /> : <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />,
            () => setCollapsed(!collapsed),
            'nav-collapse',
          )}
          {bottomLink(t('shell.logout'), <IconLogout size={20} stroke={1.6} />, () => void logout(), 'nav-logout')}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <FirstAdminHint />
        <Suspense fallback={<ScreenFallback />}>
          {children}
        </Suspense>
        {helpLoaded && (
          <Suspense fallback={null}>
            <ShortcutsDialog opened={helpOpen} onClose={closeHelp} />
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
