import type { ReactNode } from 'react';
import { MantineContext, MantineThemeProvider, useProviderColorScheme } from '@mantine/core';
import { darkStorage } from './darkStorage';
import { theme } from './theme';

const getRootElement = () => document.documentElement;

/**
 * Mantine's provider without the code that writes the theme's CSS variables in every browser: the
 * build writes them once, with Mantine's own provider (vite.config.ts, themeVariables), into the
 * stylesheet main.tsx imports. That code is a tenth of Mantine's share of the sign-in page's
 * JavaScript, which has a budget (issue 36).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: 'light',
    manager: darkStorage,
    getRootElement,
    forceColorScheme: undefined,
  });
  const value = { colorScheme, setColorScheme, clearColorScheme, getRootElement, classNamesPrefix: 'mantine', cssVariablesSelector: ':root', withStaticClasses: true };
  return (
    <MantineContext value={value}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
