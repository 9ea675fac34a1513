import { Kbd, NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useTranslation } from '../../translation/useTranslation';
import { navRoutes } from '../../routes';
import { navIcons } from './navIcons';
import { Can } from '../Can';
import { useIsRtl } from '../../hooks/useIsRtl';

/** The menu entries the user may open (spec section 6); icons only when collapsed. */
export function NavMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const rtl = useIsRtl();
  const [pathname] = useLocation();

  return (
    <Stack gap={4}>
      {navRoutes.map((route) => {
        const label = t(route.nav.label);
        const Icon = navIcons[route.nav.icon];
        const active = pathname === route.path || pathname.startsWith(`${route.path}/`);
        const link = (
          <NavLink
            key={route.path}
            component={Link}
            to={route.path}
            onClick={onNavigate}
            active={active}
            label={collapsed ? undefined : label}
            // Named by its label; the icon alone, when collapsed, by the same words.
            aria-label={collapsed ? label : undefined}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            rightSection={
              collapsed ? undefined : (
                // The shortcut hint stays out of the link's name (the `?` sheet lists the shortcuts).
                <Kbd size="xs" visibleFrom="sm" aria-hidden>
                  g {route.nav.shortcut}
                </Kbd>
              )
            }
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid={`nav-${route.path.slice(1)}`}
          />
        );
        return (
          <Can key={route.path} scope={route.scope}>
            {collapsed ? (
              <Tooltip label={label} position={rtl ? 'left' : 'right'}>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </Can>
        );
      })}
    </Stack>
  );
}
