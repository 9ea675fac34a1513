import { useCallback } from 'react';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { putUserSetting } from '../api/userSettings';
import { sessionStore } from '../session/sessionStore';
import { themeChoice, useThemeChoice } from '../theme/themeChoice';
import { notifyError } from '../components/notify';

/**
 * Dark mode and theme: kept locally at once, and saved to the user settings when logged in
 * (spec section 3, "User settings"), so they follow the user to other browsers.
 */
export function usePreferences() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const theme = useThemeChoice();

  const setDark = useCallback(
    (value: boolean) => {
      setColorScheme(value ? 'dark' : 'light');
      if (sessionStore.isLoggedIn()) putUserSetting('dark', String(value)).catch(notifyError);
    },
    [setColorScheme],
  );

  const setTheme = useCallback((name: string) => {
    themeChoice.set(name);
    if (sessionStore.isLoggedIn()) putUserSetting('preferredTheme', name).catch(notifyError);
  }, []);

  return { dark, setDark, theme, setTheme };
}
