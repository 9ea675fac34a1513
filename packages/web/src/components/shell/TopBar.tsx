import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { AppConfig } from '@outpost/shared';
import { useIdle } from '../../hooks/useIdle';
import { useCachedQueryData } from '../../queries';

// Their menus, tooltips and dialogs (floating-ui, transitions) load once the first screen is drawn:
// neither the sign-in page nor a cold load of a screen waits for them.
const ThemeControl = lazy(() => import('./ThemeControl').then((module) => ({ default: module.ThemeControl })));
const LanguageButton = lazy(() => import('./LanguageButton').then((module) => ({ default: module.LanguageButton })));

/** Brand on the left, theme and language on the right; `leading` holds the menu burger when logged in. */
export function TopBar({ leading }: { leading?: ReactNode }) {
  // Read from the cache, not fetched here: the app fetches the config (AppliedTheme), and the
  // sign-in page draws without the query cache's code.
  const brand = useCachedQueryData<AppConfig>(['config'])?.branding.name || 'Outpost';
  const idle = useIdle();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {leading}
        <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
          <Group gap={8} wrap="nowrap">
          <ThemeIcon variant="filled" radius="md" size="md">
            <IconTopologyStar3 size={18} />
          </ThemeIcon>
          <Text fw={700} size="lg" data-testid="brand">
            {brand}
            </Text>
          </Group>
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {idle ? (
          <Suspense fallback={<Box w={72} h={28} />}>
            <ThemeControl />
            <LanguageButton />
          </Suspense>
        ) : (
          <Box w={72} h={28} />
        )}
      </Group>
    </Group>
  );
}
