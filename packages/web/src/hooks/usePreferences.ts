import { useCallback } from 'react';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { usePutUserSetting } from '../api/userSettings';
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
  // mutateAsync: each change reports its own failure, where mutate's callbacks follow only the latest.
  const { mutateAsync: save } = usePutUserSetting();

  const setDark = useCallback(
    (value: boolean) => {
      setColorScheme(value ? 'dark' : 'light');
      if (sessionStore.isLoggedIn()) save({ key: 'dark', value: String(value) }).catch(notifyError);
    },
    [setColorScheme, save],
  );

  const setTheme = useCallback((name: string) => {
    themeChoice.set(name);
    if (sessionStore.isLoggedIn()) save({ key: 'preferredTheme', value: name }).catch(notifyError);
  }, [save]);

  return { dark, setDark, theme, setTheme };
}
